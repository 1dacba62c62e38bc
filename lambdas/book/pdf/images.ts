/**
 * Photos as PDF image XObjects, their JPEG bytes embedded as they are (DCTDecode, never
 * re-encoded); what the book's plan needs of a photo given as bytes.
 */
import type { PDFContext, PDFDict } from 'pdf-lib';

export interface JpegInfo {
  width: number;
  height: number;
  bitsPerComponent: number;
  colorSpace: 'DeviceGray' | 'DeviceRGB' | 'DeviceCMYK';
}

/** Start-of-frame markers (baseline, progressive, lossless...; not DHT C4, JPG C8, DAC CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const COLOR_SPACES: Record<number, JpegInfo['colorSpace']> = { 1: 'DeviceGray', 3: 'DeviceRGB', 4: 'DeviceCMYK' };

export const isJpeg = (b: Uint8Array) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
export const isPng = (b: Uint8Array) =>
  b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;

/** The frame header of a JPEG, from its first bytes; null when not a JPEG or the header is not within them. */
export function jpegInfo(bytes: Uint8Array): JpegInfo | null {
  if (!isJpeg(bytes)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) return null;
    const marker = bytes[pos + 1]!;
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      pos += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end, or scan data, before any frame
    if (SOF.has(marker)) {
      if (pos + 10 > bytes.length) return null;
      const colorSpace = COLOR_SPACES[bytes[pos + 9]!];
      const info = {
        bitsPerComponent: bytes[pos + 4]!,
        height: view.getUint16(pos + 5),
        width: view.getUint16(pos + 7),
      };
      return colorSpace && info.width > 0 && info.height > 0 ? { ...info, colorSpace } : null;
    }
    pos += 2 + view.getUint16(pos + 2);
  }
  return null;
}

/** The image dictionary pdf-lib's own JPEG embedder writes (CMYK JPEGs from Adobe tools are stored inverted). */
export function jpegDict(context: PDFContext, info: JpegInfo): PDFDict {
  return context.obj({
    Type: 'XObject',
    Subtype: 'Image',
    BitsPerComponent: info.bitsPerComponent,
    Width: info.width,
    Height: info.height,
    ColorSpace: info.colorSpace,
    Filter: 'DCTDecode',
    Decode: info.colorSpace === 'DeviceCMYK' ? [1, 0, 1, 0, 1, 0, 1, 0] : undefined,
  });
}

/**
 * What a book's plan needs of a photo given as bytes: its pixel size (the layout keeps its
 * aspect) and how many objects it takes (a JPEG one, a PNG two: its image and the mask of its
 * transparency); null when it is neither, or its header does not say.
 */
export function photoFrame(bytes: Uint8Array): { width: number; height: number; objects: number } | null {
  const jpeg = jpegInfo(bytes);
  if (jpeg) return { width: jpeg.width, height: jpeg.height, objects: 1 };
  // A PNG's first chunk is its IHDR: width and height at bytes 16 and 20.
  if (!isPng(bytes) || bytes.length < 24) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const [width, height] = [view.getUint32(16), view.getUint32(20)];
  return width > 0 && height > 0 ? { width, height, objects: 2 } : null;
}
