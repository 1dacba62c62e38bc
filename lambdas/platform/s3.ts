/** The S3 client, created once per container (see ddb.ts). */
import { S3Client } from '@aws-sdk/client-s3';

export const s3 = new S3Client({
  // Only checksum when an operation needs one: presigned browser uploads cannot compute it.
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
