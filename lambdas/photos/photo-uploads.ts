/**
 * The photo pipeline: S3 tells it of each browser upload (`uploads/...`, photo-keys.ts), and it
 * checks the bytes and makes the renditions (photo-renditions.ts) before any family may hold the
 * photo (or a Bible study its file: a picture, or a PDF checked by pdf-check.ts). A photo that decodes is stored in its family's folder with its renditions, then recorded
 * as ready; one that does not is recorded as refused, with the reason the form shows. Either way
 * the upload goes. Safe to run again for the same upload (S3 may deliver an event twice): the
 * objects are written whole before the record, and a gone upload means the work was done.
 */
import { env } from '../platform/env';
import { log } from '../platform/log';
import { deleteObject, readObject, writeObject } from '../platform/aws/s3-objects';
import { PHOTO_MESSAGES } from '../contract/directory';
import { isPdfKey, parseUploadKey, renditionKey, renditionsOf, STUDY_FILES_FOLDER, type Upload } from './photo-keys';
import { checkPdf, NotAPdf } from './pdf-check';
import { makeRenditions, NotAPhoto } from './photo-renditions';
import type { PixelSize } from './photo-sizes';
import { recordPreparedPhoto } from './repos/photos';

export type PrepareOutcome = 'ready' | 'refused' | 'gone' | 'ignored';

export async function prepareUpload(key: string, now = new Date()): Promise<PrepareOutcome> {
  const upload = parseUploadKey(key);
  // Only the keys createPhotoUpload signs are ours to handle; anything else is left alone.
  if (!upload) {
    log.warn('not an upload key', { key });
    return 'ignored';
  }
  const bucket = env('PHOTOS_BUCKET');
  const bytes = await readObject(bucket, key);
  if (!bytes) return 'gone';
  const outcome = await storePhoto(upload, bytes, now);
  await deleteObject(bucket, key);
  return outcome;
}

/** Checks the bytes, stores the photo with its renditions and records the outcome for the family's save. */
async function storePhoto(upload: Upload, bytes: Uint8Array, now = new Date()): Promise<'ready' | 'refused'> {
  const base = {
    orgId: upload.orgId,
    familyId: upload.familyId,
    photoId: upload.photoId,
    photo: upload.photo,
    createdAt: now.toISOString(),
  };
  let checked: { size: PixelSize; pages?: number };
  try {
    checked = isPdfKey(upload.photo)
      ? await storePdf(upload, bytes)
      : { size: await writeRenditions(upload.photo, bytes, true) };
  } catch (error) {
    if (!(error instanceof NotAPhoto) && !(error instanceof NotAPdf)) throw error;
    await recordPreparedPhoto({ ...base, status: 'refused', message: error.message }, now);
    log.info('photo refused', { orgId: upload.orgId, photoId: upload.photoId });
    return 'refused';
  }
  await recordPreparedPhoto({ ...base, status: 'ready', ...checked }, now);
  return 'ready';
}

/** A study's PDF, checked and stored as it came (no family folder may hold one). */
async function storePdf(upload: Upload, bytes: Uint8Array) {
  if (upload.familyId !== STUDY_FILES_FOLDER) throw new NotAPhoto(PHOTO_MESSAGES.notAPhoto);
  const checked = await checkPdf(bytes);
  await writeObject(env('PHOTOS_BUCKET'), upload.photo, bytes, 'application/pdf');
  return checked;
}

/**
 * The renditions of a photo written beside it (and the photo itself, when `withOriginal`): its
 * upright size. Throws NotAPhoto when the bytes are no photo we can use. Also the one-off job's
 * (photo-backfill.ts), for photos stored before renditions.
 */
export async function writeRenditions(photo: string, bytes: Uint8Array, withOriginal: boolean): Promise<PixelSize> {
  const bucket = env('PHOTOS_BUCKET');
  const made = await makeRenditions(bytes, renditionsOf(photo));
  await Promise.all([
    ...(withOriginal ? [writeObject(bucket, photo, bytes, made.contentType)] : []),
    ...made.renditions.map((r) => writeObject(bucket, renditionKey(photo, r.name), r.bytes, r.contentType)),
  ]);
  return made.size;
}
