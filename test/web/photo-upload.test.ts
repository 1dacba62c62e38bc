import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  JPEG_QUALITY,
  MAX_PHOTO_SIDE,
  needsReencode,
  resizePhoto,
  targetSize,
} from '../../web/src/features/families/photoUpload';
import { isImageFile } from '../../web/src/lib/presignedUpload';
import { uploadErrorText } from '../../web/src/lib/errorTexts';

vi.mock('aws-amplify/auth', () => import('./authMock'));

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('targetSize', () => {
  it('fits the longest side to 1200 px and keeps the aspect ratio', () => {
    expect(MAX_PHOTO_SIDE).toBe(1200);
    expect(targetSize(3000, 2000)).toEqual({ width: 1200, height: 800 });
    expect(targetSize(2000, 3000)).toEqual({ width: 800, height: 1200 });
    expect(targetSize(4032, 3024)).toEqual({ width: 1200, height: 900 });
    expect(targetSize(5000, 5000)).toEqual({ width: 1200, height: 1200 });
  });

  it('never enlarges a small picture', () => {
    expect(targetSize(1200, 800)).toEqual({ width: 1200, height: 800 });
    expect(targetSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(targetSize(1, 1)).toEqual({ width: 1, height: 1 });
  });

  it('keeps at least one pixel for a very thin picture, and zero for an empty one', () => {
    expect(targetSize(10000, 3)).toEqual({ width: 1200, height: 1 });
    expect(targetSize(0, 100)).toEqual({ width: 0, height: 0 });
    expect(targetSize(Number.NaN, 100)).toEqual({ width: 0, height: 0 });
  });

  it('takes another limit', () => {
    expect(targetSize(3000, 1500, 600)).toEqual({ width: 600, height: 300 });
  });
});

describe('needsReencode', () => {
  const small = { width: 800, height: 600 };
  it('keeps a small JPEG, PNG, WebP or GIF as chosen', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) {
      expect(needsReencode(small, { type, size: 200_000 })).toBe(false);
    }
  });
  it('re-encodes a large picture, a heavy file or an unstored type', () => {
    expect(needsReencode({ width: 1201, height: 600 }, { type: 'image/jpeg', size: 1000 })).toBe(true);
    expect(needsReencode(small, { type: 'image/png', size: 6 * 1024 * 1024 })).toBe(true);
    expect(needsReencode(small, { type: 'image/heic', size: 1000 })).toBe(true);
    expect(needsReencode(small, { type: 'image/bmp', size: 1000 })).toBe(true);
    expect(needsReencode(small, { type: 'toString', size: 1000 })).toBe(true);
  });
});

describe('isImageFile', () => {
  it('accepts image types only', () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'image/heic' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
  });
});

describe('resizePhoto', () => {
  const bitmap = (width: number, height: number) => ({ width, height, close: vi.fn() }) as unknown as ImageBitmap;

  function fakeCanvas(output: Blob | null) {
    const context = { fillRect: vi.fn(), drawImage: vi.fn(), fillStyle: '', imageSmoothingQuality: '' };
    const canvas = {
      width: 0,
      height: 0,
      getContext: vi.fn(() => context),
      toBlob: vi.fn((cb: (b: Blob | null) => void) => cb(output)),
    };
    return { canvas, context };
  }

  it('draws a large picture at the target size as a JPEG at quality 0.85', async () => {
    const jpeg = new Blob(['small'], { type: 'image/jpeg' });
    const { canvas, context } = fakeCanvas(jpeg);
    const sizes: { width: number; height: number }[] = [];
    const image = bitmap(3000, 2000);
    const file = new File(['x'.repeat(100)], 'big.png', { type: 'image/png' });
    const result = await resizePhoto(file, {
      decode: async () => image,
      createCanvas: (size) => {
        sizes.push(size);
        return canvas as unknown as HTMLCanvasElement;
      },
    });
    expect(result).toBe(jpeg);
    expect(sizes).toEqual([{ width: 1200, height: 800 }]);
    expect(context.drawImage).toHaveBeenCalledWith(image, 0, 0, 1200, 800);
    // Painted white first, so transparency does not turn black.
    expect(context.fillRect).toHaveBeenCalledWith(0, 0, 1200, 800);
    expect(canvas.toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', JPEG_QUALITY);
    expect(image.close).toHaveBeenCalled();
  });

  it('keeps a small picture of a stored type untouched', async () => {
    const file = new File(['x'], 'small.jpg', { type: 'image/jpeg' });
    const createCanvas = vi.fn();
    expect(await resizePhoto(file, { decode: async () => bitmap(800, 600), createCanvas })).toBe(file);
    expect(createCanvas).not.toHaveBeenCalled();
  });

  it('falls back to the original file when decoding fails or no canvas output comes', async () => {
    const file = new File(['x'], 'odd.heic', { type: 'image/heic' });
    expect(await resizePhoto(file, { decode: async () => Promise.reject(new Error('cannot decode')) })).toBe(file);
    const { canvas } = fakeCanvas(null);
    expect(
      await resizePhoto(file, {
        decode: async () => bitmap(3000, 2000),
        createCanvas: () => canvas as unknown as HTMLCanvasElement,
      }),
    ).toBe(file);
  });

  it('falls back to the original file where createImageBitmap does not exist (jsdom)', async () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    expect(await resizePhoto(file)).toBe(file);
  });
});

describe('uploadErrorText', () => {
  it("uses S3's <Message>, else the status", () => {
    expect(
      uploadErrorText(
        400,
        '<Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>',
      ),
    ).toBe('Your proposed upload exceeds the maximum allowed size');
    expect(uploadErrorText(500, 'oops')).toBe('The upload failed (HTTP 500).');
    expect(uploadErrorText(0, '')).toBe('The photo could not be sent. Please check your connection and try again.');
  });
});
