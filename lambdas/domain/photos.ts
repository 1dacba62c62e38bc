/**
 * Family photos in S3: presigned uploads under `<orgId>/photos/`, presigned reads that keep the
 * same URL for a while (so the browser cache works), and clean-up of replaced photos.
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomUUID } from 'node:crypto';
import { MAX_PHOTO_BYTES, PHOTO_PATH, PHOTO_TYPES, type PhotoType } from '../contract/directory';
import { env } from '../platform/env';
import { s3 } from '../platform/s3';
import { invalid } from './errors';

const HOUR = 3600_000;
/** Signed at the start of the hour, valid for two: the same URL all hour, and never less than an hour left. */
const READ_URL_SECONDS = 2 * 3600;
const UPLOAD_URL_SECONDS = 10 * 60;

const isExternal = (photo: string) => /^https?:\/\//i.test(photo);
/** A photo stored by this product for this church (not an http URL kept from older data). */
export const isOwnPhoto = (orgId: string, photo: string | null): photo is string =>
  !!photo && PHOTO_PATH.test(photo) && photo.startsWith(`${orgId}/photos/`);

/** A browser-loadable URL for a stored photo value; null for none. */
export async function photoUrl(photo: string | null, now = Date.now()): Promise<string | null> {
  if (!photo) return null;
  if (isExternal(photo)) return photo;
  const signingDate = new Date(Math.floor(now / HOUR) * HOUR);
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: env('PHOTOS_BUCKET'), Key: photo }), {
    expiresIn: READ_URL_SECONDS,
    signingDate,
  });
}

/** A presigned POST for a new photo: the key, the image type and the size cap are enforced by S3. */
export async function presignPhotoUpload(orgId: string, contentType: PhotoType) {
  const photo = `${orgId}/photos/${randomUUID()}.${PHOTO_TYPES[contentType]}`;
  const { url, fields } = await createPresignedPost(s3, {
    Bucket: env('PHOTOS_BUCKET'),
    Key: photo,
    Conditions: [
      ['content-length-range', 1, MAX_PHOTO_BYTES],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_URL_SECONDS,
  });
  return { url, fields, photo, maxBytes: MAX_PHOTO_BYTES };
}

/**
 * The photo a family may be saved with: unchanged, none, or a photo this church uploaded and
 * that is really there (so no family points at an upload that never finished).
 */
export async function checkNewPhoto(orgId: string, photo: string | null, current: string | null): Promise<void> {
  if (photo === null || photo === current) return;
  if (!isOwnPhoto(orgId, photo)) throw invalid('Please select a valid image file.');
  try {
    await s3.send(new HeadObjectCommand({ Bucket: env('PHOTOS_BUCKET'), Key: photo }));
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || status === 403) throw invalid('Photo upload error: the photo did not arrive. Please choose it again.');
    throw error;
  }
}

/** Removes a replaced or orphaned photo. Failing here must not fail the save: it is logged, and the integrity report finds leftovers. */
export async function deletePhoto(orgId: string, photo: string | null): Promise<void> {
  if (!isOwnPhoto(orgId, photo)) return;
  try {
    await s3.send(new DeleteObjectCommand({ Bucket: env('PHOTOS_BUCKET'), Key: photo }));
  } catch (error) {
    console.warn(JSON.stringify({ message: 'photo not deleted', photo, error: String(error) }));
  }
}
