/**
 * The PDF's fonts: Noto Sans (Latin with Vietnamese, Greek, Cyrillic) and, only when some text
 * needs it, Noto Sans KR (Hangul and Han) as the fallback, character by character. Both come from
 * the npm registry as TTF files (@expo-google-fonts/*, OFL) and are read from disk at run time,
 * never inlined into the JS bundle:
 *  - deployed, the CDK bundling hook copies FONT_FILES into `fonts/` next to index.mjs
 *    (lib/api.ts, for the routes that declare `files: ['pdfFonts']`);
 *  - from source (tests, the local stack), they are found in node_modules.
 * Every font is embedded as a subset (truetype.ts): a PDF carries only the glyphs it prints.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { TrueTypeFont } from './truetype';

export type Weight = 'regular' | 'bold';

/** Where each font comes from (an npm package) and the name it is shipped under. */
export const FONT_FILES = {
  sans: {
    pkg: '@expo-google-fonts/noto-sans',
    path: '400Regular/NotoSans_400Regular.ttf',
    file: 'NotoSans-Regular.ttf',
  },
  sansBold: { pkg: '@expo-google-fonts/noto-sans', path: '700Bold/NotoSans_700Bold.ttf', file: 'NotoSans-Bold.ttf' },
  korean: {
    pkg: '@expo-google-fonts/noto-sans-kr',
    path: '400Regular/NotoSansKR_400Regular.ttf',
    file: 'NotoSansKR-Regular.ttf',
  },
  koreanBold: {
    pkg: '@expo-google-fonts/noto-sans-kr',
    path: '700Bold/NotoSansKR_700Bold.ttf',
    file: 'NotoSansKR-Bold.ttf',
  },
} as const;
export type FontName = keyof typeof FONT_FILES;

const here = path.dirname(fileURLToPath(import.meta.url));

/** The font's file: `fonts/` next to the running module (the Lambda bundle), else the package in node_modules. */
export function fontPath(name: FontName): string {
  const { pkg, path: inPkg, file } = FONT_FILES[name];
  const shipped = path.join(here, 'fonts', file);
  if (existsSync(shipped)) return shipped;
  for (let dir = here; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', pkg, inPkg);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(`Font ${file} not found: expected ${shipped} or ${pkg}/${inPkg} in node_modules`);
}

/** Read and parsed once per container: a warm Lambda renders the next PDF without touching the disk. */
const faces = new Map<FontName, TrueTypeFont>();
function face(name: FontName): TrueTypeFont {
  let parsed = faces.get(name);
  if (!parsed) faces.set(name, (parsed = TrueTypeFont.create(readFileSync(fontPath(name)))));
  return parsed;
}

interface Embedded {
  font: PDFFont;
  face: TrueTypeFont;
}

async function embed(doc: PDFDocument, name: FontName): Promise<Embedded> {
  const parsed = face(name);
  // pdf-lib asks its "fontkit" to parse the bytes it is given: hand it the face already parsed.
  doc.registerFontkit({ create: () => parsed as never });
  // A subset font's name carries a six-letter tag (PDF 32000 9.6.4), unique within the file.
  const tag = `DIRSB${String.fromCharCode(65 + Object.keys(FONT_FILES).indexOf(name))}`;
  const font = await doc.embedFont(parsed.bytes, { subset: true, customName: `${tag}+${parsed.postscriptName}` });
  return { font, face: parsed };
}

export interface Run {
  text: string;
  font: PDFFont;
}

/**
 * One weight of the type: the main font and, when loaded, its fallback. Text is split into runs
 * by which font has each character (a character neither has prints as the main font's box).
 */
export class Type {
  private readonly widths = new Map<string, number>();

  constructor(
    private readonly main: Embedded,
    private readonly fallback: Embedded | null,
  ) {}

  runs(text: string): Run[] {
    const runs: Run[] = [];
    let current: Run | null = null;
    for (const char of text) {
      const cp = char.codePointAt(0)!;
      // Spaces and marks stay in the current run: both fonts have them.
      const font: PDFFont =
        current && (cp === 0x20 || !this.fallback)
          ? current.font
          : this.main.face.hasGlyphForCodePoint(cp) || !this.fallback?.face.hasGlyphForCodePoint(cp)
            ? this.main.font
            : this.fallback.font;
      if (current && current.font === font) current.text += char;
      else runs.push((current = { text: char, font }));
    }
    return runs;
  }

  /** Width in points at `size` (cached per string: layout measures the same text more than once). */
  width(text: string, size: number): number {
    let units = this.widths.get(text);
    if (units === undefined) {
      units = 0;
      for (const run of this.runs(text)) units += run.font.widthOfTextAtSize(run.text, 1000);
      this.widths.set(text, units);
    }
    return (units * size) / 1000;
  }
}

export interface Typeface {
  regular: Type;
  bold: Type;
}

const needsFallback = (face: TrueTypeFont, text: string) => {
  for (const char of text) if (!face.hasGlyphForCodePoint(char.codePointAt(0)!)) return true;
  return false;
};

/** Embeds the fonts the text needs: always Noto Sans; Noto Sans KR only if some character is missing from it. */
export async function embedTypeface(doc: PDFDocument, allText: { regular: string; bold: string }): Promise<Typeface> {
  const [sans, sansBold] = [await embed(doc, 'sans'), await embed(doc, 'sansBold')];
  const regularFallback = needsFallback(sans.face, allText.regular) ? await embed(doc, 'korean') : null;
  const boldFallback = needsFallback(sansBold.face, allText.bold) ? await embed(doc, 'koreanBold') : null;
  return { regular: new Type(sans, regularFallback), bold: new Type(sansBold, boldFallback) };
}
