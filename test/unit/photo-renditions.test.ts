/** The renditions of a photo (lambdas/photos/photo-sizes.ts, photo-renditions.ts), made with sharp from the bytes alone. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../../lambdas/contract/directory';
import { makeRenditions, NotAPhoto } from '../../lambdas/photos/photo-renditions';
import { renditionSize } from '../../lambdas/photos/photo-sizes';
import { photoJpeg } from '../support/photos';

describe('rendition sizes', () => {
  it('covers the list box, fits the page and print boxes, never enlarges', () => {
    const landscape = { width: 1200, height: 900 };
    expect(renditionSize('small', landscape)).toEqual({ width: 480, height: 360 });
    expect(renditionSize('page', landscape)).toEqual({ width: 667, height: 500 });
    expect(renditionSize('print', landscape)).toEqual({ width: 433, height: 325 });
    const portrait = { width: 900, height: 1200 };
    expect(renditionSize('small', portrait)).toEqual({ width: 480, height: 640 });
    expect(renditionSize('page', portrait)).toEqual({ width: 375, height: 500 });
    expect(renditionSize('small', { width: 100, height: 50 })).toEqual({ width: 100, height: 50 });
  });
});

describe('makeRenditions', () => {
  it('makes WebP for screens and a JPEG for print, at the promised sizes, upright and without metadata', async () => {
    // A camera photo stored sideways: EXIF orientation 6 (turn 90° clockwise to view).
    const sideways = await sharp(photoJpeg(3, 1200, 900))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const made = await makeRenditions(sideways);
    expect(made.size).toEqual({ width: 900, height: 1200 });
    expect(made.contentType).toBe('image/jpeg');
    for (const r of made.renditions) {
      const meta = await sharp(r.bytes).metadata();
      expect({ w: meta.width, h: meta.height }).toEqual({
        w: renditionSize(r.name, made.size).width,
        h: renditionSize(r.name, made.size).height,
      });
      expect(meta.format).toBe(r.name === 'print' ? 'jpeg' : 'webp');
      expect(meta.orientation ?? 1).toBe(1);
      expect(meta.exif).toBeUndefined();
    }
  });

  it('refuses what is not a photo, and a photo past the pixel limit, with the words the form shows', async () => {
    await expect(makeRenditions(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toThrow(
      new NotAPhoto(PHOTO_MESSAGES.notAPhoto),
    );
    await expect(makeRenditions(Buffer.from('%PDF-1.4 not a picture'))).rejects.toThrow(PHOTO_MESSAGES.notAPhoto);
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#888' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(makeRenditions(huge)).rejects.toThrow(PHOTO_MESSAGES.tooManyPixels);
  });
});
