/**
 * The photo pipeline's Lambda: S3 invokes it for every object created under `uploads/` in the
 * photos bucket (lib/storage.ts; locally lib/local/s3-events.ts). A failure is thrown on, so
 * Lambda retries the event (twice, for an asynchronous invocation) and the Errors alarm sees it.
 */
import type { S3Event } from 'aws-lambda';
import { parseUploadKey } from '../photos/photo-keys';
import { prepareUpload } from '../photos/photo-uploads';
import { observed } from '../platform/wiring/observed';

/** S3 sends keys URL-encoded, a space as '+'. */
const keyOf = (record: S3Event['Records'][number]) => decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));

export const handler = observed<S3Event, { outcomes: string[] }>({
  operation: 'photoUploaded',
  keys: (event) => ({ orgId: parseUploadKey(event.Records[0] ? keyOf(event.Records[0]) : '')?.orgId }),
  success: (result) => ({ outcomes: result.outcomes }),
}).handler(async (event) => {
  const outcomes: string[] = [];
  for (const record of event.Records) {
    if (!record.eventName.startsWith('ObjectCreated:')) continue;
    outcomes.push(await prepareUpload(keyOf(record)));
  }
  return { outcomes };
});
