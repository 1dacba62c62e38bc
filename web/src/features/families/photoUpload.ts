/**
 * Family photos from the browser: shrink the chosen picture (phones take 12-megapixel photos; the
 * directory shows them at most 250 px high), then send it straight to S3 with the presigned
 * upload that createPhotoUpload hands out, reporting progress, and wait while the server's photo
 * pipeline checks it and makes its renditions (a second or two), so the save that follows finds
 * it ready, or the person learns at once why the file cannot be used.
 */
import type { ZodMiniType } from 'zod/mini';
import { firstMessage } from '@contract/fields';
import { MAX_PHOTO_BYTES, MESSAGES, PHOTO_TYPES, PhotoUploadInput } from '@contract/directory';
import type { PhotoUploadResult } from '@contract/api';
import { BookCoverUploadInput } from '@contract/book';
import { callApi } from '../../lib/api';
import { isApiError } from '../../lib/apiError';
import { uploadErrorText } from '../../lib/errorTexts';

/** The longest side of a stored photo, in pixels. */
export const MAX_PHOTO_SIDE = 1200;
/** JPEG quality of a resized photo: a few hundred KB at 1200 px. */
export const JPEG_QUALITY = 0.85;

export interface Size {
  width: number;
  height: number;
}

/** A file the browser says is an image (otherwise the form says 'Please select a valid image file.'). */
export const isImageFile = (file: { type: string }): boolean => /^image\//i.test(file.type);

/** The size to draw at: the longest side at most `max`, aspect ratio kept, never enlarged. */
export function targetSize(width: number, height: number, max = MAX_PHOTO_SIDE): Size {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const isStorableType = (type: string): boolean => Object.prototype.hasOwnProperty.call(PHOTO_TYPES, type);

/**
 * Whether a decoded picture must be re-encoded: it is too big in pixels or bytes, or of a type
 * the store does not take (HEIC, BMP...). A small JPEG/PNG/WebP/GIF is kept as chosen, so it
 * loses no quality and a GIF keeps its animation.
 */
export function needsReencode(size: Size, file: { type: string; size: number }, max = MAX_PHOTO_SIDE): boolean {
  return Math.max(size.width, size.height) > max || file.size > MAX_PHOTO_BYTES || !isStorableType(file.type);
}

/** The environment's image functions, passed in so tests can replace them. */
export interface ResizeDeps {
  decode?: (file: Blob) => Promise<ImageBitmap>;
  createCanvas?: (size: Size) => HTMLCanvasElement;
}

function defaultDecode(file: Blob): Promise<ImageBitmap> {
  if (typeof createImageBitmap !== 'function') return Promise.reject(new Error('createImageBitmap is not available'));
  // Photos from phones carry their rotation in EXIF; 'from-image' applies it.
  return createImageBitmap(file, { imageOrientation: 'from-image' });
}

function defaultCanvas(size: Size): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  return canvas;
}

const canvasToBlob = (canvas: HTMLCanvasElement, type: string, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/**
 * The picture to upload: resized to MAX_PHOTO_SIDE as a JPEG when needed. Anything that goes wrong
 * (a format the browser cannot decode, no canvas) falls back to the original file, which the
 * server then accepts or refuses by its type and size.
 */
export async function resizePhoto(file: File, deps: ResizeDeps = {}): Promise<Blob> {
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await (deps.decode ?? defaultDecode)(file);
    const source = { width: bitmap.width, height: bitmap.height };
    if (!needsReencode(source, file)) return file;
    const size = targetSize(source.width, source.height);
    const canvas = (deps.createCanvas ?? defaultCanvas)(size);
    const context = canvas.getContext('2d');
    if (!context) return file;
    // A transparent PNG would turn black in a JPEG: paint it on white.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await canvasToBlob(canvas, 'image/jpeg', JPEG_QUALITY);
    return blob && blob.size > 0 && blob.type === 'image/jpeg' ? blob : file;
  } catch (error) {
    console.warn('The photo could not be resized; uploading it as chosen.', error);
    return file;
  } finally {
    bitmap?.close?.();
  }
}

/**
 * Sends the file to a presigned URL with exactly the signed headers (the browser adds the
 * content-length, which is signed too: the blob must be the size createPhotoUpload was told).
 * XMLHttpRequest rather than fetch, for upload progress: `onProgress` gets whole percentages 0-100.
 */
export function sendToPresignedUrl(
  target: Pick<PhotoUploadResult, 'url' | 'method' | 'headers'>,
  file: Blob,
  onProgress: (percent: number) => void = () => {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(target.method, target.url);
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else {
        reject(new Error(uploadErrorText(xhr.status, String(xhr.responseText ?? ''))));
      }
    };
    xhr.onerror = () => reject(new Error(uploadErrorText(0, '')));
    xhr.onabort = () => reject(new Error('The upload was cancelled.'));
    xhr.send(file);
  });
}

/** How long the form waits for the photo pipeline: far longer than it takes, short enough to say so. */
export const PREPARE_TIMEOUT_MS = 30_000;
export const PREPARE_TIMED_OUT = 'Your photo could not be prepared in time. Please try saving again.';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the photo pipeline has handled the upload (404 until then): resolves once it is
 * ready, throws its reason when refused (that file is no photo), or a timeout.
 */
export async function waitForPreparedPhoto(
  photo: string,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const photoId = photo.slice(photo.lastIndexOf('/') + 1).replace(/\.[a-z]+$/, '');
  const deadline = Date.now() + (options.timeoutMs ?? PREPARE_TIMEOUT_MS);
  let interval = options.intervalMs ?? 300;
  for (;;) {
    try {
      const status = await callApi('getPhotoUpload', { params: { photoId } });
      if (status.status === 'ready') return;
      throw new Error(status.message);
    } catch (error) {
      if (!isApiError(error) || error.status !== 404) throw error;
    }
    if (Date.now() + interval > deadline) throw new Error(PREPARE_TIMED_OUT);
    await pause(interval);
    interval = Math.min(1000, Math.round(interval * 1.5));
  }
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
  await sendToPresignedUrl(target, blob, options.onProgress);
  options.onPreparing?.();
  await waitForPreparedPhoto(target.photo);
  return target.photo;
}

/** The request checked with the server's own rules, so the person learns at once what is wrong. */
function checked<T>(schema: ZodMiniType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(firstMessage(result.error));
  return result.data;
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
        body: checked(PhotoUploadInput, { ...request, ...(options.familyId ? { familyId: options.familyId } : {}) }),
        requestKey: options.requestKey,
      }),
    options,
  );
}

/** The church's book cover (admins): into the church's cover folder, checked by the same pipeline. */
export function uploadBookCover(file: File, options: Parameters<typeof uploadPhoto>[2] = {}): Promise<string> {
  return uploadPhoto(
    file,
    (request) => callApi('createBookCoverUpload', { body: checked(BookCoverUploadInput, request) }),
    options,
  );
}
