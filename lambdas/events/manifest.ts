/**
 * THE S3 event manifest: each Lambda that S3 invokes for new objects, with the bucket and prefix
 * it listens to. It drives:
 *  - CDK (lib/photo-pipeline.ts): the Lambda, its grants and the bucket's event notification;
 *  - the local stack (lib/local/s3-events.ts): s3rver's events, filtered the same way, invoke the
 *    same handler module in process.
 */
import { UPLOADS_PREFIX } from '../photos/photo-keys';

export interface S3EventDef {
  /** Handler file, relative to lambdas/events, without extension; exports `handler`. */
  readonly entry: string;
  readonly bucket: 'photos';
  /** Only objects created under this prefix. */
  readonly prefix: string;
  /** Native modules installed beside the bundle instead of bundled (lib/bundling.ts). */
  readonly nativeModules: readonly 'sharp'[];
  /** sharp decodes a photo of up to 40 megapixels (160 MB) and makes three renditions of it; CPU grows with memory. */
  readonly memoryMb: number;
  readonly description: string;
}

export const s3Events = {
  photoUploaded: {
    entry: 'photoUploaded',
    bucket: 'photos',
    prefix: UPLOADS_PREFIX,
    nativeModules: ['sharp'],
    memoryMb: 1536,
    description: 'Photo pipeline: checks an uploaded photo, stores it with its renditions, records it for its family',
  },
} as const satisfies Record<string, S3EventDef>;

export type S3EventName = keyof typeof s3Events;
