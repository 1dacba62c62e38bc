/**
 * Files sent from the browser straight to S3 (family photos, the book's cover, a Bible study's
 * files): a picture shrunk first when it is too big (phones take 12-megapixel photos), the bytes
 * PUT to the presigned upload the server handed out, reporting progress, then a wait while the
 * server's photo pipeline checks the file (a second or two), so the save that follows finds it
 * ready, or the person learns at once why the file cannot be used.
 */
import type { ZodMiniType } from 'zod/mini';
import { firstMessage } from '@contract/fields';
import { isApiError } from './apiError';
import { uploadErrorText } from './errorTexts';

export interface Size {
  width: number;
  height: number;
}

/** A file the browser says is an image. */
export const isImageFile = (file: { type: string }): boolean => /^image\//i.test(file.type);

/** The size to draw at: the longest side at most `max`, aspect ratio kept, never enlarged. */
export function targetSize(width: number, height: number, max: number): Size {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** What a picture may be as it is sent: its longest side, its bytes, the types the server stores. */
export interface ShrinkRules {
  maxSide: number;
  maxBytes: number;
  /** The content types kept as chosen when small enough (others are re-encoded as JPEG). */
  types: Readonly<Record<string, string>>;
  /** JPEG quality of a re-encoded picture. */
  quality: number;
}

const isStorableType = (type: string, rules: Pick<ShrinkRules, 'types'>): boolean =>
  Object.prototype.hasOwnProperty.call(rules.types, type);

/**
 * Whether a decoded picture must be re-encoded: it is too big in pixels or bytes, or of a type
 * the store does not take (HEIC, BMP...). A small JPEG/PNG/WebP/GIF is kept as chosen, so it
 * loses no quality and a GIF keeps its animation.
 */
export function mustShrink(size: Size, file: { type: string; size: number }, rules: Omit<ShrinkRules, 'quality'>) {
  return (
    Math.max(size.width, size.height) > rules.maxSide || file.size > rules.maxBytes || !isStorableType(file.type, rules)
  );
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
 * The picture to upload: drawn again at `rules.maxSide` as a JPEG when it must be (mustShrink).
 * Anything that goes wrong (a format the browser cannot decode, no canvas) falls back to the
 * original file, which the server then accepts or refuses by its type and size.
 */
export async function shrinkPicture(file: File, rules: ShrinkRules, deps: ResizeDeps = {}): Promise<Blob> {
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await (deps.decode ?? defaultDecode)(file);
    const source = { width: bitmap.width, height: bitmap.height };
    if (!mustShrink(source, file, rules)) return file;
    const size = targetSize(source.width, source.height, rules.maxSide);
    const canvas = (deps.createCanvas ?? defaultCanvas)(size);
    const context = canvas.getContext('2d');
    if (!context) return file;
    // A transparent PNG would turn black in a JPEG: paint it on white.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await canvasToBlob(canvas, 'image/jpeg', rules.quality);
    return blob && blob.size > 0 && blob.type === 'image/jpeg' ? blob : file;
  } catch (error) {
    console.warn('The picture could not be resized; uploading it as chosen.', error);
    return file;
  } finally {
    bitmap?.close?.();
  }
}

/** An upload's request checked with the server's own rules, so the person learns at once what is wrong. */
export function checkedRequest<T>(schema: ZodMiniType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(firstMessage(result.error));
  return result.data;
}

/** A presigned PUT as the server hands it out. */
export interface PresignedTarget {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
}

/** What the upload says of itself: its progress, what it is (for its messages), a way to call it off. */
export interface SendOptions {
  /** Whole percentages 0-100. */
  onProgress?: (percent: number) => void;
  /** "photo" or "file", in "The photo could not be sent". */
  what?: string;
  signal?: AbortSignal;
}

export const UPLOAD_CANCELLED = 'The upload was cancelled.';

/**
 * Sends the file to a presigned URL with exactly the signed headers (the browser adds the
 * content-length, which is signed too: the blob must be the size the server was told).
 * XMLHttpRequest rather than fetch, for upload progress.
 */
export function sendToPresignedUrl(target: PresignedTarget, file: Blob, options: SendOptions = {}): Promise<void> {
  const { onProgress = () => {}, what, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error(UPLOAD_CANCELLED));
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
        reject(new Error(uploadErrorText(xhr.status, String(xhr.responseText ?? ''), what)));
      }
    };
    xhr.onerror = () => reject(new Error(uploadErrorText(0, '', what)));
    xhr.onabort = () => reject(new Error(UPLOAD_CANCELLED));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** An upload's id, as the routes that tell of it take it: its key's file name without the extension. */
export const uploadIdOf = (key: string): string => key.slice(key.lastIndexOf('/') + 1).replace(/\.[a-z]+$/, '');

/** How long a form waits for the photo pipeline: far longer than it takes, short enough to say so. */
export const PREPARE_TIMEOUT_MS = 30_000;

export interface WaitOptions {
  /** The message of the error thrown when the pipeline has not answered in time. */
  timedOut: string;
  timeoutMs?: number;
  /** The first pause between asks; each next one is half as long again, up to `maxIntervalMs`. */
  intervalMs?: number;
  maxIntervalMs?: number;
  signal?: AbortSignal;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks (`ask`: the route that tells of the upload) until the photo pipeline has handled the
 * upload, which it answers 404 until then, and gives its answer. Any other failure is thrown as it
 * came; the wait ends with `timedOut` after `timeoutMs`.
 */
export async function waitForPrepared<T>(ask: () => Promise<T>, options: WaitOptions): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? PREPARE_TIMEOUT_MS);
  let interval = options.intervalMs ?? 300;
  for (;;) {
    if (options.signal?.aborted) throw new Error(UPLOAD_CANCELLED);
    try {
      return await ask();
    } catch (error) {
      if (!isApiError(error) || error.status !== 404) throw error;
    }
    if (Date.now() + interval > deadline) throw new Error(options.timedOut);
    await pause(interval);
    interval = Math.min(options.maxIntervalMs ?? 1000, Math.round(interval * 1.5));
  }
}
