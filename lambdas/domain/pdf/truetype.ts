/**
 * Just enough TrueType for the PDF: character map lookups, advance widths, and subsetting (the
 * glyphs printed, with the components of composite glyphs, renumbered from 1). It is handed to
 * pdf-lib in place of fontkit (`registerFontkit({ create })`), providing exactly what pdf-lib's
 * custom-font embedder reads. Why not fontkit: it is ~940 KB of the Lambda bundle (shapers,
 * WOFF2, Unicode tables we do not use), it shapes every string (~0.25 ms each: seconds for a
 * large church) although pdf-lib draws no shaping positions anyway, and @pdf-lib/fontkit 1.1
 * writes subsets whose glyphs print blank when one has an odd length.
 *
 * Text is mapped character by character (no ligatures, no contextual forms): right for Latin
 * (NFC, so Vietnamese letters are precomposed), Greek, Cyrillic, Hangul and Han. Scripts that
 * need shaping (Arabic, Hebrew, Indic, Thai) would need a shaper and their own fonts.
 */

export interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

interface Table {
  offset: number;
  length: number;
}

const tag = (view: DataView, at: number) =>
  String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));

export class TrueTypeFont {
  readonly unitsPerEm: number;
  readonly bbox: { minX: number; minY: number; maxX: number; maxY: number };
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly xHeight: number;
  readonly italicAngle: number;
  readonly postscriptName: string;
  readonly numGlyphs: number;
  /** What pdf-lib's font flags read. */
  readonly post: { isFixedPitch: boolean };
  readonly head: { macStyle: { italic: boolean } };
  readonly 'OS/2': { sFamilyClass: number };
  /** A TrueType (glyf) font, never CFF. */
  readonly cff = false;

  private readonly view: DataView;
  private readonly tables = new Map<string, Table>();
  private readonly longLoca: boolean;
  private readonly numberOfHMetrics: number;
  private readonly lookup: (codePoint: number) => number;
  private readonly glyphs = new Map<number, Glyph>();

  static create(bytes: Uint8Array): TrueTypeFont {
    return new TrueTypeFont(bytes);
  }

  constructor(readonly bytes: Uint8Array) {
    const view = (this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const version = view.getUint32(0);
    if (version !== 0x00010000 && version !== 0x74727565)
      throw new Error('Not a TrueType font (glyf outlines are needed; CFF/WOFF are not read)');
    const numTables = view.getUint16(4);
    for (let i = 0; i < numTables; i++) {
      const at = 12 + 16 * i;
      this.tables.set(tag(view, at), { offset: view.getUint32(at + 8), length: view.getUint32(at + 12) });
    }
    for (const required of ['head', 'hhea', 'maxp', 'hmtx', 'loca', 'glyf', 'cmap']) {
      if (!this.tables.has(required)) throw new Error(`TrueType font without its ${required} table`);
    }
    const head = this.table('head').offset;
    this.unitsPerEm = view.getUint16(head + 18);
    this.bbox = {
      minX: view.getInt16(head + 36),
      minY: view.getInt16(head + 38),
      maxX: view.getInt16(head + 40),
      maxY: view.getInt16(head + 42),
    };
    this.head = { macStyle: { italic: (view.getUint16(head + 44) & 2) !== 0 } };
    this.longLoca = view.getInt16(head + 50) === 1;
    const hhea = this.table('hhea').offset;
    this.ascent = view.getInt16(hhea + 4);
    this.descent = view.getInt16(hhea + 6);
    this.numberOfHMetrics = view.getUint16(hhea + 34);
    this.numGlyphs = view.getUint16(this.table('maxp').offset + 4);
    const os2 = this.tables.get('OS/2');
    const os2Version = os2 ? view.getUint16(os2.offset) : 0;
    this['OS/2'] = { sFamilyClass: os2 ? view.getInt16(os2.offset + 30) : 0 };
    this.xHeight = os2 && os2Version >= 2 ? view.getInt16(os2.offset + 86) : 0;
    this.capHeight = os2 && os2Version >= 2 ? view.getInt16(os2.offset + 88) : this.ascent;
    const post = this.tables.get('post');
    this.italicAngle = post ? view.getInt32(post.offset + 4) / 65536 : 0;
    this.post = { isFixedPitch: post ? view.getUint32(post.offset + 12) !== 0 : false };
    this.postscriptName = this.readPostscriptName() ?? 'Font';
    this.lookup = this.readCmap();
  }

  private table(name: string): Table {
    return this.tables.get(name)!;
  }

  private readPostscriptName(): string | null {
    const name = this.tables.get('name');
    if (!name) return null;
    const v = this.view;
    const count = v.getUint16(name.offset + 2);
    const strings = name.offset + v.getUint16(name.offset + 4);
    for (let i = 0; i < count; i++) {
      const at = name.offset + 6 + 12 * i;
      const [platform, nameId, length, offset] = [
        v.getUint16(at),
        v.getUint16(at + 6),
        v.getUint16(at + 8),
        v.getUint16(at + 10),
      ];
      if (nameId !== 6) continue;
      let text = '';
      if (platform === 3 || platform === 0)
        for (let j = 0; j < length; j += 2) text += String.fromCharCode(v.getUint16(strings + offset + j));
      else for (let j = 0; j < length; j++) text += String.fromCharCode(v.getUint8(strings + offset + j));
      if (text) return text.replace(/[^\x21-\x7e]|[[\](){}<>/%]/g, '');
    }
    return null;
  }

  /** The best Unicode subtable: format 12 (all planes) if there is one, else format 4 (BMP). */
  private readCmap(): (codePoint: number) => number {
    const v = this.view;
    const cmap = this.table('cmap').offset;
    const count = v.getUint16(cmap + 2);
    let format4 = -1;
    let format12 = -1;
    for (let i = 0; i < count; i++) {
      const at = cmap + 4 + 8 * i;
      const platform = v.getUint16(at);
      const encoding = v.getUint16(at + 2);
      const sub = cmap + v.getUint32(at + 4);
      const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
      if (!unicode) continue;
      const format = v.getUint16(sub);
      if (format === 12 && format12 < 0) format12 = sub;
      if (format === 4 && format4 < 0) format4 = sub;
    }
    if (format12 >= 0) {
      const groups = v.getUint32(format12 + 12);
      return (cp) => {
        let [lo, hi] = [0, groups - 1];
        while (lo <= hi) {
          const mid = (lo + hi) >> 1;
          const at = format12 + 16 + 12 * mid;
          if (cp < v.getUint32(at)) hi = mid - 1;
          else if (cp > v.getUint32(at + 4)) lo = mid + 1;
          else return v.getUint32(at + 8) + cp - v.getUint32(at);
        }
        return 0;
      };
    }
    if (format4 >= 0) {
      const segments = v.getUint16(format4 + 6) / 2;
      const ends = format4 + 14;
      const starts = ends + 2 * segments + 2;
      const deltas = starts + 2 * segments;
      const ranges = deltas + 2 * segments;
      return (cp) => {
        if (cp > 0xffff) return 0;
        let [lo, hi] = [0, segments - 1];
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (v.getUint16(ends + 2 * mid) < cp) lo = mid + 1;
          else hi = mid;
        }
        const start = v.getUint16(starts + 2 * lo);
        if (cp < start || cp > v.getUint16(ends + 2 * lo)) return 0;
        const delta = v.getUint16(deltas + 2 * lo);
        const range = v.getUint16(ranges + 2 * lo);
        if (range === 0) return (cp + delta) & 0xffff;
        const glyph = v.getUint16(ranges + 2 * lo + range + 2 * (cp - start));
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      };
    }
    throw new Error('TrueType font without a Unicode character map');
  }

  glyphIdFor(codePoint: number): number {
    const id = this.lookup(codePoint);
    return id < this.numGlyphs ? id : 0;
  }

  hasGlyphForCodePoint(codePoint: number): boolean {
    return this.glyphIdFor(codePoint) !== 0;
  }

  advanceOf(id: number): number {
    const hmtx = this.table('hmtx').offset;
    return this.view.getUint16(hmtx + 4 * Math.min(id, this.numberOfHMetrics - 1));
  }

  private leftBearingOf(id: number): number {
    const hmtx = this.table('hmtx').offset;
    if (id < this.numberOfHMetrics) return this.view.getInt16(hmtx + 4 * id + 2);
    return this.view.getInt16(hmtx + 4 * this.numberOfHMetrics + 2 * (id - this.numberOfHMetrics));
  }

  glyphForCodePoint(codePoint: number): Glyph {
    const id = this.glyphIdFor(codePoint);
    let glyph = this.glyphs.get(id);
    if (!glyph) this.glyphs.set(id, (glyph = { id, advanceWidth: this.advanceOf(id), codePoints: [codePoint] }));
    return glyph;
  }

  /** One glyph per character (see the file comment); pdf-lib calls this to measure and to draw. */
  layout(text: string): { glyphs: Glyph[] } {
    const glyphs: Glyph[] = [];
    for (const char of text) glyphs.push(this.glyphForCodePoint(char.codePointAt(0)!));
    return { glyphs };
  }

  /** Every mapped character: pdf-lib reads this only for a font embedded whole, which we never do. */
  get characterSet(): number[] {
    throw new Error('Embed TrueTypeFont with { subset: true }');
  }

  /** A glyph's outline bytes (empty for a blank glyph such as the space). */
  glyphData(id: number): Uint8Array {
    const loca = this.table('loca').offset;
    const glyf = this.table('glyf').offset;
    const v = this.view;
    const [start, end] = this.longLoca
      ? [v.getUint32(loca + 4 * id), v.getUint32(loca + 4 * id + 4)]
      : [v.getUint16(loca + 2 * id) * 2, v.getUint16(loca + 2 * id + 2) * 2];
    return this.bytes.subarray(glyf + start, glyf + Math.max(start, end));
  }

  createSubset(): TrueTypeSubset {
    return new TrueTypeSubset(this);
  }

  /** Raw bytes of a table, or null. */
  tableBytes(name: string): Uint8Array | null {
    const t = this.tables.get(name);
    return t ? this.bytes.subarray(t.offset, t.offset + t.length) : null;
  }

  metricsOf(id: number) {
    return { advance: this.advanceOf(id), leftBearing: this.leftBearingOf(id) };
  }
}

// Composite glyph flags (OpenType 'glyf').
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

/** The glyphs a PDF prints, as a standalone TrueType font (what a CIDFontType2 FontFile2 holds). */
export class TrueTypeSubset {
  /** Original glyph ids, in subset order; .notdef first. */
  private readonly order: number[] = [0];
  private readonly ids = new Map<number, number>([[0, 0]]);

  constructor(private readonly font: TrueTypeFont) {}

  /** The glyph's id in the subset (pdf-lib writes it into the text). */
  includeGlyph(glyph: Glyph | number): number {
    const id = typeof glyph === 'number' ? glyph : glyph.id;
    let subsetId = this.ids.get(id);
    if (subsetId === undefined) {
      subsetId = this.order.length;
      this.ids.set(id, subsetId);
      this.order.push(id);
    }
    return subsetId;
  }

  encode(): Uint8Array {
    const glyphs: Uint8Array[] = [];
    // Composite glyphs add their components while we go: `order` may grow during the loop.
    for (let i = 0; i < this.order.length; i++) {
      const data = this.font.glyphData(this.order[i]!);
      glyphs.push(
        data.length && new DataView(data.buffer, data.byteOffset, data.byteLength).getInt16(0) < 0
          ? this.renumberComponents(data)
          : data,
      );
    }
    const count = glyphs.length;
    const padded = (n: number) => (n + 3) & ~3;

    const loca = new DataView(new ArrayBuffer(4 * (count + 1)));
    const glyf = new Uint8Array(glyphs.reduce((n, g) => n + padded(g.length), 0));
    let offset = 0;
    glyphs.forEach((g, i) => {
      loca.setUint32(4 * i, offset);
      glyf.set(g, offset);
      offset += padded(g.length);
    });
    loca.setUint32(4 * count, offset);

    const hmtx = new DataView(new ArrayBuffer(4 * count));
    this.order.forEach((id, i) => {
      const { advance, leftBearing } = this.font.metricsOf(id);
      hmtx.setUint16(4 * i, advance);
      hmtx.setInt16(4 * i + 2, leftBearing);
    });

    const head = copy(this.font.tableBytes('head')!);
    head.setUint32(8, 0); // checkSumAdjustment: not used by PDF readers
    head.setInt16(50, 1); // long loca offsets
    const hhea = copy(this.font.tableBytes('hhea')!);
    hhea.setUint16(34, count);
    const maxp = copy(this.font.tableBytes('maxp')!);
    maxp.setUint16(4, count);

    const tables: [string, Uint8Array][] = [
      ['glyf', glyf],
      ['head', bytesOf(head)],
      ['hhea', bytesOf(hhea)],
      ['hmtx', bytesOf(hmtx)],
      ['loca', bytesOf(loca)],
      ['maxp', bytesOf(maxp)],
    ];
    // Hinting programs, when the font has them, keep the glyphs' instructions meaningful.
    for (const name of ['cvt ', 'fpgm', 'prep']) {
      const bytes = this.font.tableBytes(name);
      if (bytes) tables.push([name, bytes]);
    }
    return writeFont(tables);
  }

  /** pdf-lib reads the subset through a stream's 'data' and 'end' events. */
  encodeStream() {
    const handlers: Record<string, (value?: unknown) => void> = {};
    const stream = {
      on(event: string, handler: (value?: unknown) => void) {
        handlers[event] = handler;
        return stream;
      },
    };
    queueMicrotask(() => {
      try {
        handlers.data?.(this.encode());
        handlers.end?.();
      } catch (error) {
        handlers.error?.(error);
      }
    });
    return stream;
  }

  private renumberComponents(data: Uint8Array): Uint8Array {
    const out = new Uint8Array(data); // a copy (Buffer#slice would share the font's memory)
    const v = new DataView(out.buffer, out.byteOffset, out.byteLength);
    let at = 10;
    for (;;) {
      const flags = v.getUint16(at);
      v.setUint16(at + 2, this.includeGlyph(v.getUint16(at + 2)));
      at += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
      if (flags & WE_HAVE_A_SCALE) at += 2;
      else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) at += 4;
      else if (flags & WE_HAVE_A_TWO_BY_TWO) at += 8;
      if (!(flags & MORE_COMPONENTS)) return out;
    }
  }
}

/** A copy as a plain Uint8Array (Buffer#slice would share the font's memory). */
const copy = (bytes: Uint8Array) => new DataView(new Uint8Array(bytes).buffer);
const bytesOf = (view: DataView) => new Uint8Array(view.buffer, view.byteOffset, view.byteLength);

function checksum(bytes: Uint8Array): number {
  let sum = 0;
  const padded = new Uint8Array((bytes.length + 3) & ~3);
  padded.set(bytes);
  const v = new DataView(padded.buffer);
  for (let i = 0; i < padded.length; i += 4) sum = (sum + v.getUint32(i)) >>> 0;
  return sum;
}

/** The sfnt container: offset table, table records (sorted by tag), 4-byte aligned tables. */
function writeFont(tables: [string, Uint8Array][]): Uint8Array {
  tables.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const headerSize = 12 + 16 * tables.length;
  const total = tables.reduce((n, [, bytes]) => n + ((bytes.length + 3) & ~3), headerSize);
  const out = new Uint8Array(total);
  const v = new DataView(out.buffer);
  const power = 2 ** Math.floor(Math.log2(tables.length));
  v.setUint32(0, 0x00010000);
  v.setUint16(4, tables.length);
  v.setUint16(6, power * 16);
  v.setUint16(8, Math.log2(power));
  v.setUint16(10, tables.length * 16 - power * 16);
  let offset = headerSize;
  tables.forEach(([name, bytes], i) => {
    const at = 12 + 16 * i;
    for (let c = 0; c < 4; c++) v.setUint8(at + c, name.charCodeAt(c));
    v.setUint32(at + 4, checksum(bytes));
    v.setUint32(at + 8, offset);
    v.setUint32(at + 12, bytes.length);
    out.set(bytes, offset);
    offset += (bytes.length + 3) & ~3;
  });
  return out;
}
