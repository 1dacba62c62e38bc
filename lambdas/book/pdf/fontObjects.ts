/**
 * The document's fonts as PDF objects. Each font is a Type0 font (Identity-H, two bytes a
 * character) over a CIDFontType2 (TrueType outlines): a content stream draws the glyphs as
 * HarfBuzz shaped them, and the embedded program is the subset of the glyphs drawn (subset.ts).
 * Its ToUnicode CMap says what each glyph copies as, so copying and searching the text work;
 * where glyphs cannot say it one by one (reordered or split clusters), textOps.ts adds ActualText.
 * Fonts are written only once every page is drawn, when the glyphs are known: each gets its
 * object number up front, for the pages' resources.
 */
import { PDFString, type PDFContext, type PDFRef } from 'pdf-lib';
import { readFile } from 'node:fs/promises';
import type { Face } from './faces';
import { fontPath } from './fonts';
import { flateStream } from './flate';
import { subsetter, type Subset } from './subset';

/**
 * A font as one document uses it. Each glyph drawn for given characters gets a character id of
 * its own, mapped to the glyph by a CIDToGIDMap: one glyph can stand for different characters
 * (Noto draws 'ọ' as the 'o' of 'o' plus a dot, Arabic 'ة' as the body of 'ه' plus dots), and a
 * ToUnicode entry per glyph would copy one of them wrongly. Ids are handed out in order of first
 * use, so the map and the widths stay as small as the set of glyphs drawn.
 */
export class DocumentFont {
  /** Ids by glyph and one character (a number), or by glyph and characters (a string). */
  private readonly ids = new Map<number | string, number>();
  /** By character id: its glyph, and the characters it copies as ('' for none). */
  private readonly glyphOf: number[] = [0];
  private readonly charsOf: string[] = [''];

  constructor(
    readonly face: Face,
    readonly ref: PDFRef,
  ) {}

  /** The character id that draws `glyph` and copies as `chars`. */
  id(glyph: number, chars: string): number {
    const key = chars.length < 2 ? glyph * 0x10000 + (chars.charCodeAt(0) || 0) : `${glyph} ${chars}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.glyphOf.length;
      if (id > 0xffff) throw new Error(`More than 65,535 glyphs of ${this.face.name} in one document`);
      this.ids.set(key, id);
      this.glyphOf.push(glyph);
      this.charsOf.push(chars);
    }
    return id;
  }

  async embed(context: PDFContext, tag: string, subset: Subset): Promise<void> {
    const { face } = this;
    const name = `${tag}+${face.postscriptName}`;
    const { glyphOf, charsOf } = this;
    const program = flateStream(context, subset(await readFile(fontPath(face.name)), new Set(glyphOf)));
    const cidToGid = new Uint8Array(glyphOf.length * 2);
    glyphOf.forEach((glyph, id) => new DataView(cidToGid.buffer).setUint16(id * 2, glyph));
    const { ascent, descent, capHeight, xHeight, bbox } = face.metrics;
    const descriptor = context.obj({
      Type: 'FontDescriptor',
      FontName: name,
      // Symbolic: its glyphs are not named by a standard Latin encoding.
      Flags: 4,
      FontBBox: bbox,
      ItalicAngle: 0,
      Ascent: ascent,
      Descent: descent,
      CapHeight: capHeight,
      XHeight: xHeight,
      StemV: 0,
      FontFile2: context.register(program),
    });
    const cidFont = context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: name,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: context.register(descriptor),
      CIDToGIDMap: context.register(flateStream(context, cidToGid)),
      // Ids run from 0 without a gap: one run of widths.
      W: [0, glyphOf.map((glyph) => face.advance(glyph))],
    });
    const toUnicode = flateStream(context, toUnicodeCMap(charsOf));
    context.assign(
      this.ref,
      context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: name,
        Encoding: 'Identity-H',
        DescendantFonts: [context.register(cidFont)],
        ToUnicode: context.register(toUnicode),
      }),
    );
  }
}

/** The fonts of one document, by face. */
export class DocumentFonts {
  private readonly fonts = new Map<Face, DocumentFont>();

  constructor(private readonly context: PDFContext) {}

  of(face: Face): DocumentFont {
    let font = this.fonts.get(face);
    if (!font) this.fonts.set(face, (font = new DocumentFont(face, this.context.nextRef())));
    return font;
  }

  /** Writes every font used. A subset's name starts with a tag of six capitals of its own (PDF 32000 9.6.4). */
  async embed(): Promise<void> {
    let index = 0;
    const subset = await subsetter();
    for (const font of this.fonts.values()) {
      const tag = `DIR${String.fromCharCode(65 + Math.floor(index / 676), 65 + (Math.floor(index / 26) % 26), 65 + (index % 26))}`;
      index += 1;
      await font.embed(this.context, tag, subset);
    }
  }
}

/** A glyph id, or a UTF-16 code unit, as four hex digits. */
export const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/** Text in UTF-16BE, as hex digits. */
export function utf16Hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += hex4(text.charCodeAt(i));
  return out;
}

/** A ToUnicode CMap (PDF 32000 9.10.3): each character id to its characters in UTF-16BE, 100 to a block as the format allows. */
export function toUnicodeCMap(charsOf: string[]): string {
  const entries = charsOf.flatMap((chars, id) => (chars ? [`<${hex4(id)}> <${utf16Hex(chars)}>`] : []));
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <ffff>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}
