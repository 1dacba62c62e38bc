/**
 * Photos as PDF image XObjects, their JPEG bytes embedded as they are (DCTDecode, never
 * re-encoded). A photo can also be given lazily: its first bytes (for the size and colours, read
 * here) and its length now, the whole bytes only when the file is written (stream.ts), so a
 * church's photos need not all be in memory at once.
 */
import { PDFStream, type PDFContext, type PDFDict } from 'pdf-lib';

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

/** A photo whose bytes come later: what the caller knows now, and how to get the rest. */
export interface LazyPhoto {
  /** The first bytes (at least through the JPEG frame header). */
  head: Uint8Array;
  /** The whole photo's length. */
  size: number;
  /** The whole photo; null if it can no longer be read (its place is then filled with zeros). */
  load: () => Promise<Uint8Array | null>;
}

/**
 * A stream whose length is known and whose bytes are fetched when written. Only stream.ts writes
 * it (pdf-lib's own writers cannot: they would ask for the contents synchronously).
 */
export class LazyStream extends PDFStream {
  private pending: Promise<Uint8Array | null> | null = null;

  constructor(
    dict: PDFDict,
    private readonly size: number,
    private readonly loader: LazyPhoto['load'],
  ) {
    super(dict);
  }

  override getContentsSize(): number {
    return this.size;
  }

  override getContents(): Uint8Array {
    throw new Error('A lazy stream is written by streamPdf only');
  }

  /** Starts fetching (the writer looks a few photos ahead). */
  start(): void {
    this.pending ??= this.loader().catch(() => null);
  }

  /** The bytes, exactly `size` of them (a failed or changed read becomes zeros), then let go. */
  async take(): Promise<{ bytes: Uint8Array; intact: boolean }> {
    this.start();
    const bytes = await this.pending;
    this.pending = null;
    if (bytes && bytes.length === this.size) return { bytes, intact: true };
    return { bytes: new Uint8Array(this.size), intact: false };
  }
}
