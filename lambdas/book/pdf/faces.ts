/**
 * HarfBuzz (harfbuzzjs: HarfBuzz compiled to WebAssembly) and the fonts it shapes with, each
 * loaded once per container and only when first needed: a warm Lambda renders the next PDF
 * without touching the disk, and a book with no Thai name never reads the Thai font.
 */
import { readFileSync } from 'node:fs';
import type * as HarfBuzz from 'harfbuzzjs';
import { fontPath, type FontName } from './fonts';

export type Hb = typeof HarfBuzz;

let loading: Promise<Hb> | null = null;

/**
 * harfbuzzjs instantiates its WebAssembly when first imported, from `harfbuzz.wasm` beside the
 * module that imports it (lib/bundling.ts ships it next to index.mjs): imported here, on the
 * first PDF, so no other request's cold start pays for it.
 */
export const loadHarfBuzz = (): Promise<Hb> => (loading ??= import('harfbuzzjs'));

export interface Face {
  name: FontName;
  font: HarfBuzz.Font;
  upem: number;
  postscriptName: string;
  /** Whether the font has a glyph for the character. */
  has(codePoint: number): boolean;
  /** The font's default advance of a glyph, in 1/1000 em: the width a PDF viewer assumes (/W). */
  advance(glyph: number): number;
  /** What the PDF's font descriptor says of the font, in 1/1000 em. */
  metrics: {
    ascent: number;
    descent: number;
    capHeight: number;
    xHeight: number;
    bbox: [number, number, number, number];
  };
}

const faces = new Map<FontName, Face>();

function loadFace(hb: Hb, name: FontName): Face {
  // HarfBuzz keeps its own copy: the file's bytes are let go (the subset reads the file again).
  const hbFace = new hb.Face(new hb.Blob(readFileSync(fontPath(name))));
  const font = new hb.Font(hbFace);
  const upem = hbFace.upem;
  const em = (units: number) => Math.round((units * 1000) / upem);
  // Asked of the font, once a character: listing a CJK font's 20,000-odd characters up front
  // would slow the first PDF that needs it.
  const has = new Map<number, boolean>();
  const extents = font.hExtents();
  // The bounding box of all glyphs is only in the head table (xMin, yMin, xMax, yMax at byte 36).
  const head = hbFace.referenceTable('head');
  const box = head ? new DataView(head.buffer, head.byteOffset, head.byteLength) : null;
  const bbox = [36, 38, 40, 42].map((at) => em(box?.getInt16(at) ?? 0)) as Face['metrics']['bbox'];
  const widths = new Map<number, number>();
  return {
    name,
    font,
    upem,
    postscriptName: hbFace.getName(6, 'en').replace(/[^\x21-\x7e]|[()<>[\]{}/%#]/g, '') || name,
    has(codePoint) {
      let found = has.get(codePoint);
      if (found === undefined) has.set(codePoint, (found = font.nominalGlyph(codePoint) !== undefined));
      return found;
    },
    advance(glyph) {
      let width = widths.get(glyph);
      if (width === undefined) widths.set(glyph, (width = em(font.glyphHAdvance(glyph))));
      return width;
    },
    metrics: {
      ascent: em(extents.ascender),
      descent: em(extents.descender),
      capHeight: em(font.getMetricPositionWithFallback(hb.MetricsTag.CAP_HEIGHT)),
      xHeight: em(font.getMetricPositionWithFallback(hb.MetricsTag.X_HEIGHT)),
      bbox,
    },
  };
}

/** The font, read and parsed on first use in this container. */
export function face(hb: Hb, name: FontName): Face {
  let loaded = faces.get(name);
  if (!loaded) faces.set(name, (loaded = loadFace(hb, name)));
  return loaded;
}
