import { AttachmentUploadInput } from '../../contract/studies';
import { defineRoute } from '../../platform/wiring/route';
import { presignAttachmentUpload } from '../../studies/attachments';

/** A presigned upload of a file (a PDF or a picture) for a Bible study: administrators and group leaders. */
export const handler = defineRoute(
  'createStudyAttachmentUpload',
  { body: AttachmentUploadInput },
  async ({ principal, body }) => presignAttachmentUpload(principal, body),
);
