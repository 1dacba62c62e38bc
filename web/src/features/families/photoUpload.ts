/**
 * Family photos from the browser: shrink the chosen picture (phones take 12-megapixel photos; the
 * directory shows them at most 250 px high), then send it straight to S3 with the presigned
 * upload that createPhotoUpload hands out, reporting progress, and wait while the server's photo
 * pipeline checks it and makes its renditions (a second or two), so the save that follows finds
 * it ready, or the person learns at once why the file cannot be used. The steps themselves are
 * shared with the other uploads (lib/presignedUpload.ts); here are a photo's rules.
 */
import { MAX_PHOTO_BYTES, MESSAGES, PHOTO_TYPES, PhotoUploadInput } from '@contract/directory';
import type { PhotoUploadResult } from '@contract/api';
import { BookCoverUploadInput } from '@contract/book';
import { callApi } from '../../lib/api';
import {
  checkedRequest,
  isImageFile,
  mustShrink,
  sendToPresignedUrl,
  shrinkPicture,
  targetSize as fitSize,
  uploadIdOf,
  waitForPrepared,
  type ResizeDeps,
  type Size,
} from '../../lib/presignedUpload';

/** The longest side of a stored photo, in pixels. */
export const MAX_PHOTO_SIDE = 1200;
/** JPEG quality of a resized photo: a few hundred KB at 1200 px. */
export const JPEG_QUALITY = 0.85;
/** A family photo as it is sent: at most 1200 px and 5 MB, of a type the store keeps. */
const PHOTO_RULES = { maxSide: MAX_PHOTO_SIDE, maxBytes: MAX_PHOTO_BYTES, types: PHOTO_TYPES, quality: JPEG_QUALITY };

/** The size to draw at: the longest side at most `max` (a photo's by default), aspect ratio kept, never enlarged. */
export const targetSize = (width: number, height: number, max = MAX_PHOTO_SIDE): Size => fitSize(width, height, max);

/** Whether a decoded photo must be re-encoded (lib/presignedUpload.ts mustShrink, by a photo's rules). */
export const needsReencode = (size: Size, file: { type: string; size: number }, max = MAX_PHOTO_SIDE): boolean =>
  mustShrink(size, file, { ...PHOTO_RULES, maxSide: max });

/** The picture to upload: resized to MAX_PHOTO_SIDE as a JPEG when needed, else the file as chosen. */
export const resizePhoto = (file: File, deps: ResizeDeps = {}): Promise<Blob> => shrinkPicture(file, PHOTO_RULES, deps);

export const PREPARE_TIMED_OUT = 'Your photo could not be prepared in time. Please try saving again.';

/**
 * Waits until the photo pipeline has handled the upload (404 until then): resolves once it is
 * ready, throws its reason when refused (that file is no photo), or a timeout.
 */
export async function waitForPreparedPhoto(
  photo: string,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const photoId = uploadIdOf(photo);
  const status = await waitForPrepared(() => callApi('getPhotoUpload', { params: { photoId } }), {
    ...options,
    timedOut: PREPARE_TIMED_OUT,
  });
  if (status.status !== 'ready') throw new Error(status.message);
}

/** What a presigned upload is asked for with: the picture's type and exact size. */
export interface UploadRequest {
  contentType: string;
  size: number;
}

/**
 * Resize, ask for a presigned upload (`ask`, which checks the request with the server's rules
 * first), upload, wait for the server's check. Returns the storage path to save. Errors carry a
 * message for the user.
 */
export async function uploadPhoto(
  file: File,
  ask: (request: UploadRequest) => Promise<PhotoUploadResult>,
  options: {
    onProgress?: (percent: number) => void;
    /** Told when the upload is done and the server is checking the photo. */
    onPreparing?: () => void;
    resize?: (file: File) => Promise<Blob>;
  } = {},
): Promise<string> {
  if (!isImageFile(file)) throw new Error(MESSAGES.image);
  const blob = await (options.resize ?? resizePhoto)(file);
  const target = await ask({ contentType: blob.type || file.type, size: blob.size });
  await sendToPresignedUrl(target, blob, { onProgress: options.onProgress });
  options.onPreparing?.();
  await waitForPreparedPhoto(target.photo);
  return target.photo;
}

/**
 * A family's photo. The upload is for one family only: the family being edited (`familyId`), or
 * the one the add form creates (its `requestKey`, which the add sends too).
 */
export function uploadFamilyPhoto(
  file: File,
  options: Parameters<typeof uploadPhoto>[2] & { familyId?: string; requestKey?: string } = {},
): Promise<string> {
  return uploadPhoto(
    file,
    (request) =>
      callApi('createPhotoUpload', {
        body: checkedRequest(PhotoUploadInput, {
          ...request,
          ...(options.familyId ? { familyId: options.familyId } : {}),
        }),
        requestKey: options.requestKey,
      }),
    options,
  );
}

/** The church's book cover (admins): into the church's cover folder, checked by the same pipeline. */
export function uploadBookCover(file: File, options: Parameters<typeof uploadPhoto>[2] = {}): Promise<string> {
  return uploadPhoto(
    file,
    (request) => callApi('createBookCoverUpload', { body: checkedRequest(BookCoverUploadInput, request) }),
    options,
  );
}
