/**
 * A shaped line (text.ts) as PDF text operators: each run in its font at its place, its glyphs
 * by id in a TJ array whose numbers move each glyph to where HarfBuzz put it (kerning, marks
 * over and beside their base), raised with Ts where a mark sits higher or lower. A run whose
 * glyphs do not read back as its characters one by one, in order, carries its characters as
 * ActualText (PDF 32000 14.9.4), which copying and search use instead of the glyphs.
 */
import { hex4, utf16Hex, type DocumentFont, type DocumentFonts } from './fontObjects';
import type { GlyphRun, ShapedLine } from './text';

/** A number as a PDF operand: at most two decimals, no trailing zeros. */
export const n = (v: number) => String(Math.round(v * 100) / 100);

/**
 * The TJ arrays of a run: the glyphs' ids as hex strings, broken by a number (in 1/1000 em)
 * only where a glyph is not where the last one's width leaves the pen (kerning, marks).
 */
function showGlyphs(run: GlyphRun, font: DocumentFont, size: number): string[] {
  const ops: string[] = [];
  let rise = 0;
  let array = '';
  let hex = '';
  const move = (v: number) => {
    if (Math.abs(v) < 0.005) return;
    // A TJ number moves the next glyph left by that many thousandths of the font size.
    array += `${hex ? `<${hex}>` : ''} ${n(v)} `;
    hex = '';
  };
  const flush = () => {
    if (hex) array += `<${hex}>`;
    if (array) ops.push(`[${array}] TJ`);
    array = hex = '';
  };
  run.glyphs.forEach((glyph, i) => {
    const dy = run.dy[i]!;
    if (dy !== rise) {
      flush();
      rise = dy;
      ops.push(`${n((rise * size) / 1000)} Ts`);
    }
    const dx = run.dx[i]!;
    move(-dx);
    hex += hex4(font.id(glyph, run.chars[i]!));
    move(font.face.advance(glyph) + dx - run.advances[i]!);
  });
  flush();
  if (rise) ops.push('0 Ts');
  return ops;
}

/**
 * The line's operators, its left end at `x`, on the baseline `y`, at `size` points. `fontKey`
 * names a font in the page's resources.
 */
export function lineOps(
  line: ShapedLine,
  x: number,
  y: number,
  size: number,
  fonts: DocumentFonts,
  fontKey: (font: DocumentFont) => string,
): string {
  if (!line.runs.length) return '';
  const ops = ['BT'];
  let pen = x;
  for (const run of line.runs) {
    const font = fonts.of(run.face);
    const { readsBack } = run;
    if (!readsBack) ops.push(`/Span <</ActualText <feff${utf16Hex(run.text)}>>> BDC`);
    ops.push(`${fontKey(font)} ${n(size)} Tf 1 0 0 1 ${n(pen)} ${n(y)} Tm`, ...showGlyphs(run, font, size));
    if (!readsBack) ops.push('EMC');
    for (const advance of run.advances) pen += (advance * size) / 1000;
  }
  ops.push('ET');
  return ops.join(' ');
}
