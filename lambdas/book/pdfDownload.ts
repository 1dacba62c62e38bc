/**
 * The download of a stored book or handout: a presigned GET that saves as directory.pdf (or the name given). Its own module, so
 * the book job's routes (book/directoryBook.ts) presign without bundling the renderer.
 */
import { PDF_FILE_NAME } from '../contract/pdf';
import { attachmentDisposition } from '../platform/contentDisposition';
import { env } from '../platform/env';
import { presignS3 } from '../platform/aws/s3-presign';

/** The page downloads the file at once (and asks again for a later download); the bucket expires exports after a few days. */
const DOWNLOAD_URL_SECONDS = 15 * 60;

export const downloadUrl = (key: string, fileName = PDF_FILE_NAME) =>
  presignS3('GET', env('EXPORTS_BUCKET'), key, {
    expiresIn: DOWNLOAD_URL_SECONDS,
    query: {
      'response-content-disposition': attachmentDisposition(fileName),
      'response-content-type': 'application/pdf',
    },
  });
