/**
 * Family photos in S3, as URLs: presigned uploads into a family's folder (photo-keys.ts), and
 * presigned reads of its renditions (photo-sizes.ts) that die within minutes, so a hidden or
 * replaced photo is soon unreadable, yet cost the browser no second download (photo-links.ts).
 * The objects themselves are handled off the request path (the photo pipeline, photo-uploads.ts,
 * and the clean-up, photo-cleanup.ts), so the handlers that show or save photos load no S3 client.
 */
import { MAX_PHOTO_BYTES, type PhotoType } from '../contract/directory';
import { env } from '../platform/env';
import { presignS3 } from '../platform/aws/s3-presign';
import type { Family } from '../core/entities';
import { newPhotoKey, renditionKey, uploadKeyOf } from './photo-keys';
import { presignRead } from './photo-links';
import { renditionSize, type PixelSize, type RenditionName } from './photo-sizes';

const UPLOAD_URL_SECONDS = 10 * 60;

const isExternal = (photo: string) => /^https?:\/\//i.test(photo);

type StoredPhoto = Pick<Family, 'photo' | 'photoSize'>;

/**
 * A browser-loadable URL for a family's photo, the size lists and grids show: its small
 * rendition, or the stored photo itself while it has no renditions yet; null for none.
 */
export async function photoUrl(family: StoredPhoto, now = Date.now()): Promise<string | null> {
  const { photo, photoSize } = family;
  if (!photo) return null;
  if (isExternal(photo)) return photo;
  return presignRead(photoSize ? renditionKey(photo, 'small') : photo, now);
}

export interface PhotoSources {
  /** The small rendition (or the photo itself, while it has none). */
  url: string;
  /** The screen renditions with their widths, for an img's srcset; null while there are none. */
  srcset: string | null;
  /** The photo's upright size, for an img's width and height (its aspect ratio); null when unknown. */
  size: PixelSize | null;
}

const SCREEN_RENDITIONS: RenditionName[] = ['small', 'page'];

/** Everything an img needs to show the photo at the size it is shown; null for none. */
export async function photoSources(family: StoredPhoto, now = Date.now()): Promise<PhotoSources | null> {
  const url = await photoUrl(family, now);
  if (!url) return null;
  const { photo, photoSize } = family;
  if (!photo || !photoSize) return { url, srcset: null, size: null };
  // A photo smaller than a rendition's box makes renditions of one width: each width once.
  const widths = new Map<number, RenditionName>();
  for (const name of SCREEN_RENDITIONS) {
    const { width } = renditionSize(name, photoSize);
    if (!widths.has(width)) widths.set(width, name);
  }
  const candidates = await Promise.all(
    [...widths].map(async ([width, name]) => `${await presignRead(renditionKey(photo, name), now)} ${width}w`),
  );
  return { url, srcset: candidates.join(', '), size: photoSize };
}

/**
 * A presigned PUT for a new photo of this family (whose family decides the caller: families.ts).
 * Its key is ours, and its exact size (checked against the cap before signing) is a signed header,
 * so S3 refuses any other size; its content type is asked for but not signed (the SDK's S3
 * presigner never signs it), and the pipeline decodes the bytes whatever they claim. The browser uploads into `uploads/`;
 * the photo pipeline (photo-uploads.ts) checks the bytes and stores the photo at `photo`, the key
 * the family is then saved with.
 */
export const presignPhotoUpload = (orgId: string, familyId: string, contentType: PhotoType, size: number) =>
  presignFileUpload(newPhotoKey(orgId, familyId, contentType), contentType, size, MAX_PHOTO_BYTES);

/** The same for any file of a folder (a study's PDF or picture): the key chosen by the caller, its size already checked against `maxBytes`. */
export async function presignFileUpload(photo: string, contentType: string, size: number, maxBytes: number) {
  const headers = { 'content-type': contentType, 'content-length': String(size) };
  const url = await presignS3('PUT', env('PHOTOS_BUCKET'), uploadKeyOf(photo), {
    expiresIn: UPLOAD_URL_SECONDS,
    headers,
  });
  // The browser sets content-length itself; content-type is the type asked for.
  return { url, method: 'PUT' as const, headers: { 'content-type': contentType }, photo, maxBytes };
}
