/**
 * Family photos in S3, as URLs: presigned uploads into a family's folder (photo-keys.ts), and
 * presigned reads that keep the same URL for a while (so the browser cache works). Checks and
 * clean-ups of the objects themselves are in photo-objects.ts, so the handlers that only show
 * photos load no S3 client.
 */
import { MAX_PHOTO_BYTES, type PhotoType } from '../contract/directory';
import { env } from '../platform/env';
import { presignS3 } from '../platform/s3-presign';
import { newPhotoKey } from './photo-keys';

const HOUR = 3600_000;
/** Signed at the start of the hour, valid for two: the same URL all hour, and never less than an hour left. */
const READ_URL_SECONDS = 2 * 3600;
const UPLOAD_URL_SECONDS = 10 * 60;

const isExternal = (photo: string) => /^https?:\/\//i.test(photo);

/** A browser-loadable URL for a stored photo value; null for none. */
export async function photoUrl(photo: string | null, now = Date.now()): Promise<string | null> {
  if (!photo) return null;
  if (isExternal(photo)) return photo;
  const signingDate = new Date(Math.floor(now / HOUR) * HOUR);
  return presignS3('GET', env('PHOTOS_BUCKET'), photo, { expiresIn: READ_URL_SECONDS, signingDate });
}

/**
 * A presigned PUT for a new photo of this family (whose family decides the caller: families.ts).
 * Its key is ours, and its content type and exact size (checked against the cap before signing)
 * are signed headers, so S3 refuses any other type or size.
 */
export async function presignPhotoUpload(orgId: string, familyId: string, contentType: PhotoType, size: number) {
  const photo = newPhotoKey(orgId, familyId, contentType);
  const headers = { 'content-type': contentType, 'content-length': String(size) };
  const url = await presignS3('PUT', env('PHOTOS_BUCKET'), photo, { expiresIn: UPLOAD_URL_SECONDS, headers });
  // The browser sets content-length itself; it must send content-type as signed.
  return { url, method: 'PUT' as const, headers: { 'content-type': contentType }, photo, maxBytes: MAX_PHOTO_BYTES };
}
