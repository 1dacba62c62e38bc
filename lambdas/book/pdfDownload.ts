/**
 * The download of a stored book: a presigned GET that saves as directory.pdf. Its own module, so
 * the book job's routes (book/directoryBook.ts) presign without bundling the renderer.
 */
import { PDF_FILE_NAME } from '../contract/pdf';
import { env } from '../platform/env';
import { presignS3 } from '../platform/aws/s3-presign';

/** The page downloads the file at once (and asks again for a later download); the bucket expires exports after a few days. */
const DOWNLOAD_URL_SECONDS = 15 * 60;

export const downloadUrl = (key: string) =>
  presignS3('GET', env('EXPORTS_BUCKET'), key, {
    expiresIn: DOWNLOAD_URL_SECONDS,
    query: {
      'response-content-disposition': `attachment; filename="${PDF_FILE_NAME}"`,
      'response-content-type': 'application/pdf',
    },
  });
