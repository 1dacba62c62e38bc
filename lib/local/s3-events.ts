/**
 * Local S3 event notifications: s3rver's object events (posted by lib/local/s3-host.ts to the
 * gateway) invoke the handlers of lambdas/events/manifest.ts in this process, filtered as the
 * deployed bucket's notification filters them (bucket, ObjectCreated, key prefix) and invoked as
 * S3 invokes a Lambda: asynchronously, one record per event, the key URL-encoded, a failed
 * invocation tried twice more (Lambda waits a minute, then two; here a second, then two).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { S3Event, S3EventRecord } from 'aws-lambda';
import { s3Events, type S3EventDef } from '../../lambdas/events/manifest';
import { asInvocation } from './invocation';

type Handler = (event: S3Event, context: unknown) => Promise<unknown>;

const RETRY_DELAYS_MS = [1000, 2000];

/** S3 sends keys URL-encoded, with '/' as it is and a space as '+'. */
export const encodeEventKey = (key: string) => encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+');

export interface LocalS3EventsOptions {
  /** The real bucket name of each manifest bucket. */
  buckets: Record<S3EventDef['bucket'], string>;
  handlersDir: string;
}

export class LocalS3Events {
  private readonly handlers = new Map<string, Promise<Handler>>();
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: LocalS3EventsOptions) {}

  private handler(entry: string): Promise<Handler> {
    let loaded = this.handlers.get(entry);
    if (!loaded) {
      const file = pathToFileURL(path.join(this.options.handlersDir, `${entry}.ts`)).href;
      loaded = import(file).then((m: { handler: Handler }) => m.handler);
      this.handlers.set(entry, loaded);
    }
    return loaded;
  }

  /** One s3rver event: every notification it matches is invoked; answers at once, as S3 does not wait. */
  receive(event: { Records?: S3EventRecord[] }): void {
    for (const record of event.Records ?? []) {
      for (const [name, def] of Object.entries(s3Events) as [string, S3EventDef][]) {
        const key = record.s3.object.key;
        if (record.s3.bucket.name !== this.options.buckets[def.bucket]) continue;
        if (!record.eventName.startsWith('ObjectCreated:') || !key.startsWith(def.prefix)) continue;
        const delivered: S3EventRecord = {
          ...record,
          s3: { ...record.s3, object: { ...record.s3.object, key: encodeEventKey(key) } },
        };
        const run = this.invoke(name, def, { Records: [delivered] }).finally(() => this.pending.delete(run));
        this.pending.add(run);
      }
    }
  }

  private async invoke(name: string, def: S3EventDef, event: S3Event): Promise<void> {
    const handler = await this.handler(def.entry);
    for (let attempt = 0; ; attempt++) {
      const requestId = crypto.randomUUID();
      try {
        await asInvocation(requestId, () =>
          handler(event, { functionName: name, awsRequestId: requestId, getRemainingTimeInMillis: () => 60_000 }),
        );
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined) {
          console.error(`S3 event (local): ${name} failed for ${event.Records[0]?.s3.object.key}:`, error);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  /** Resolves once every invocation started so far (with its retries) has ended. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
