/**
 * Makes a photo's renditions (photo-sizes.ts) with sharp (libvips) from the stored bytes, never
 * from anything the browser says about them: the bytes must decode as one of the accepted
 * formats, within a pixel limit that keeps a Lambda's memory bounded. Turned upright by its EXIF
 * orientation; the metadata (camera, place) is left out of every rendition, as sharp does unless
 * asked to keep it.
 */
import sharp, { type Metadata } from 'sharp';
import { PHOTO_MESSAGES } from '../contract/directory';
import { RENDITION_NAMES, RENDITIONS, renditionSize, type PixelSize, type RenditionName } from './photo-sizes';

/** 40 megapixels: any camera's photo; a decoded one holds 160 MB, which the pipeline's memory allows. */
export const MAX_PHOTO_PIXELS = 40_000_000;

/** The formats a photo may be stored in, by sharp's name for them, with the content type it is stored with. */
const ACCEPTED = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' } as const;

/** The bytes are not a photo we can use: the reason, as the person who chose it reads it. */
export class NotAPhoto extends Error {}

export interface Rendition {
  name: RenditionName;
  bytes: Buffer;
  contentType: string;
}

export interface MadeRenditions {
  /** The photo's size, upright. */
  size: PixelSize;
  /** The content type of the format the bytes really are. */
  contentType: string;
  renditions: Rendition[];
}

/** Lenient with a photo that decodes with warnings (a camera's odd marker), strict with one that does not decode. */
const open = (bytes: Uint8Array) => sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' });

/** The renditions `names` (a family photo's by default) of the photo in `bytes`. */
export async function makeRenditions(bytes: Uint8Array, names = RENDITION_NAMES): Promise<MadeRenditions> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new NotAPhoto(PHOTO_MESSAGES.notAPhoto);
  }
  const contentType = ACCEPTED[meta.format as keyof typeof ACCEPTED];
  if (!contentType || !meta.width || !meta.height) throw new NotAPhoto(PHOTO_MESSAGES.notAPhoto);
  if (meta.width * meta.height > MAX_PHOTO_PIXELS) throw new NotAPhoto(PHOTO_MESSAGES.tooManyPixels);
  const size = meta.autoOrient ?? { width: meta.width, height: meta.height };

  // One decode, fanned out to each rendition (sharp's clone).
  const upright = open(bytes).autoOrient();
  try {
    const renditions = await Promise.all(
      names.map(async (name): Promise<Rendition> => {
        const spec = RENDITIONS[name];
        const target = renditionSize(name, size);
        // The exact size photo-sizes.ts promised the views (the aspect is kept there).
        const resized = upright.clone().resize(target.width, target.height, { fit: 'fill' });
        const encoded =
          spec.format === 'jpeg'
            ? resized.flatten({ background: '#ffffff' }).jpeg({ quality: spec.quality, progressive: false })
            : resized.webp({ quality: spec.quality });
        return { name, bytes: await encoded.toBuffer(), contentType: `image/${spec.format}` };
      }),
    );
    return { size, contentType, renditions };
  } catch (error) {
    // The header read, but the picture did not decode: as unusable as a file that is no picture at all.
    throw new NotAPhoto(PHOTO_MESSAGES.notAPhoto, { cause: error });
  }
}
