/**
 * The S3 client, created once per container (see ddb.ts), for the handlers that do more with S3
 * than sign URLs (s3-presign.ts signs without it).
 */
import { S3Client } from '@aws-sdk/client-s3';
import { REQUEST_HANDLER } from './client-options';

export const s3 = /* @__PURE__ */ new S3Client({
  requestHandler: REQUEST_HANDLER,
  // Only checksum when an operation needs one: presigned browser uploads cannot compute it.
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

/**
 * The status S3 answered an operation with when the SDK threw it as an error (404 for a missing
 * object), or undefined when no answer came at all (the SDK then names the network error).
 */
export const answeredStatus = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
