/**
 * The text layer: a line of text as the glyphs that draw it. Each character gets its font from
 * the fallback chain (script.ts), the line is put in display order by the Unicode bidirectional
 * algorithm (bidi-js, left-to-right paragraphs: the book's layout reads left to right), and
 * each run of one font and one direction is shaped by HarfBuzz (joining Arabic, reordering and
 * stacking Indic and Thai marks, ligatures, kerning, emoji sequences). Lines are not broken
 * here: layout.ts wraps them, measuring with `width`.
 */
import bidiFactory, { type EmbeddingLevels } from 'bidi-js';
import type { Buffer as HbBuffer } from 'harfbuzzjs';
import { face, loadHarfBuzz, type Face, type Hb } from './faces';
import type { Weight } from './fonts';
import { followsRun, hanFamilies, isHan, scriptFamily } from './script';

export interface GlyphRun {
  face: Face;
  /** Glyph ids, left to right as drawn. */
  glyphs: number[];
  /** Per glyph, in 1/1000 em: how far it moves the pen, and where it sits from the pen. */
  advances: number[];
  dx: number[];
  dy: number[];
  /** Per glyph, the characters copying it gives: its cluster's on the cluster's first glyph, '' on the others. */
  chars: string[];
  /** The run's characters in reading order. */
  text: string;
  rtl: boolean;
  /**
   * Whether text extraction gets `text` back from the glyphs one by one (their ToUnicode), as
   * extractors read glyphs: clusters in display order, every glyph that carries characters on
   * the baseline (a raised or lowered one starts a new line for them), every other one without
   * width (a gap splits the word). Right-to-left, each glyph carries one character: extractors
   * reverse right-to-left text character by character, which would turn a glyph's several
   * characters around. Otherwise the run needs its text as ActualText.
   */
  readsBack: boolean;
}

export interface ShapedLine {
  /** In 1/1000 em. */
  width: number;
  /** Left to right. */
  runs: GlyphRun[];
  /** Glyphs that are .notdef (glyph 0): characters no font of the chain has, printed as a box. */
  notdef: number;
}

interface Item {
  start: number;
  end: number;
  face: Face;
  level: number;
}

const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
let bidi: ReturnType<typeof bidiFactory> | null = null;
/** Bidi classes of right-to-left letters and Arabic digits. */
const RTL_TYPES = new Set(['R', 'AL', 'AN']);

export class TextShaper {
  private readonly lines: Record<Weight, Map<string, ShapedLine>> = { regular: new Map(), bold: new Map() };
  /** Each character's font once chosen (Han excepted: its line decides). */
  private readonly chosen: Record<Weight, Map<number, Face>> = { regular: new Map(), bold: new Map() };
  private readonly buffer: HbBuffer;

  private constructor(private readonly hb: Hb) {
    this.buffer = new hb.Buffer();
  }

  static async create(): Promise<TextShaper> {
    return new TextShaper(await loadHarfBuzz());
  }

  /** The line shaped, once per document: layout measures a text more than once, and draws it. */
  line(text: string, weight: Weight): ShapedLine {
    const lines = this.lines[weight];
    let shaped = lines.get(text);
    if (!shaped) lines.set(text, (shaped = this.shapeLine(text, weight)));
    return shaped;
  }

  /** Width in points at `size`. */
  width(text: string, weight: Weight, size: number): number {
    return (this.line(text, weight).width * size) / 1000;
  }

  private shapeLine(text: string, weight: Weight): ShapedLine {
    const { items, levels } = this.itemize(text, weight);
    const runs = displayOrder(text, items, levels).map((item) => this.shape(text, item));
    let width = 0;
    let notdef = 0;
    for (const run of runs) {
      for (const advance of run.advances) width += advance;
      for (const glyph of run.glyphs) if (glyph === 0) notdef += 1;
    }
    return { width, runs, notdef };
  }

  /** The line cut into runs of one font and one bidi level, in reading order; the levels, unless all are 0. */
  private itemize(text: string, weight: Weight): { items: Item[]; levels: EmbeddingLevels | null } {
    const sans = face(this.hb, `sans-${weight}`);
    const items: Item[] = [];
    let current: Item | null = null;
    for (let i = 0; i < text.length;) {
      const cp = text.codePointAt(i)!;
      const char = String.fromCodePoint(cp);
      const end = i + char.length;
      const font: Face =
        current &&
        followsRun(char) &&
        (current.face.has(cp) || IGNORABLE.test(char)) &&
        (char !== ' ' || this.nextFont(text, end, weight) === current.face)
          ? current.face
          : this.fontFor(cp, char, text, weight);
      if (current && current.face === font) current.end = end;
      else items.push((current = { start: i, end, face: font, level: 0 }));
      i = end;
    }
    // Only right-to-left letters and Arabic digits reorder a left-to-right line, and Noto Sans
    // draws none: any other line is left to right throughout, without the bidi algorithm's cost.
    bidi ??= bidiFactory();
    const rightToLeft = (item: Item) => {
      for (const char of text.slice(item.start, item.end))
        if (RTL_TYPES.has(bidi!.getBidiCharTypeName(char))) return true;
      return false;
    };
    if (!items.some((item) => item.face !== sans && rightToLeft(item))) return { items, levels: null };
    const levels = bidi.getEmbeddingLevels(text, 'ltr');
    const split: Item[] = [];
    for (const item of items) {
      let last: Item | null = null;
      for (let i = item.start; i < item.end;) {
        const end = i + String.fromCodePoint(text.codePointAt(i)!).length;
        const level = levels.levels[i]!;
        if (last && last.level === level) last.end = end;
        else split.push((last = { ...item, start: i, end, level }));
        i = end;
      }
    }
    return { items: split, levels };
  }

  /**
   * The font of the next character that is not a space: a space between two words of one font
   * stays in their run, any other is Noto Sans' (the emoji font's space is an em wide).
   */
  private nextFont(text: string, from: number, weight: Weight): Face | null {
    let i = from;
    while (text[i] === ' ') i += 1;
    if (i >= text.length) return null;
    const cp = text.codePointAt(i)!;
    return this.fontFor(cp, String.fromCodePoint(cp), text, weight);
  }

  /** The character's font from the chain (script.ts); Noto Sans, and its box, when none has it. */
  private fontFor(cp: number, char: string, line: string, weight: Weight): Face {
    // Below Armenian every character is Latin, Greek, Cyrillic or common: Noto Sans, at once.
    const sans = face(this.hb, `sans-${weight}`);
    if (cp < 0x530) return sans;
    if (isHan(char)) {
      for (const family of hanFamilies(line)) {
        const candidate = face(this.hb, `${family}-${weight}`);
        if (candidate.has(cp)) return candidate;
      }
      return sans;
    }
    const known = this.chosen[weight].get(cp);
    if (known) return known;
    const family = scriptFamily(char);
    const own = family ? face(this.hb, `${family}-${weight}`) : null;
    const chosen = own?.has(cp) ? own : sans;
    this.chosen[weight].set(cp, chosen);
    return chosen;
  }

  private shape(text: string, item: Item): GlyphRun {
    const { hb, buffer } = this;
    const rtl = item.level % 2 === 1;
    buffer.clearContents();
    // The whole line goes in as context (Arabic joins across a change of font), only the run is shaped.
    buffer.addText(text, item.start, item.end - item.start);
    buffer.setDirection(rtl ? hb.Direction.RTL : hb.Direction.LTR);
    buffer.setFlags(hb.BufferFlag.REMOVE_DEFAULT_IGNORABLES);
    buffer.guessSegmentProperties();
    hb.shape(item.face.font, buffer);
    const infos = buffer.getGlyphInfos();
    const positions = buffer.getGlyphPositions();
    const scale = 1000 / item.face.upem;
    const n = infos.length;
    const run: GlyphRun = {
      face: item.face,
      glyphs: new Array<number>(n),
      advances: new Array<number>(n),
      dx: new Array<number>(n),
      dy: new Array<number>(n),
      chars: new Array<string>(n),
      text: text.slice(item.start, item.end),
      rtl,
      readsBack: true,
    };
    // Glyphs come left to right; in reading order (right to left for RTL) their clusters, UTF-16
    // offsets into the line, never decrease. A cluster's characters run to the next one's start:
    // walked from the end of the reading, each cluster's first glyph learns its characters.
    let next = item.end;
    for (let k = n - 1; k >= 0; k--) {
      const i = rtl ? n - 1 - k : k;
      const { codepoint, cluster } = infos[i]!;
      const { xAdvance, xOffset, yOffset } = positions[i]!;
      run.glyphs[i] = codepoint;
      run.advances[i] = xAdvance * scale;
      run.dx[i] = xOffset * scale;
      run.dy[i] = yOffset * scale;
      const first = k === 0 || infos[rtl ? n - k : k - 1]!.cluster !== cluster;
      let chars = '';
      if (first) {
        chars = text.slice(cluster, next);
        next = cluster;
        // Joiners and variation selectors have no glyph of their own (they are removed once
        // they have done their work), so they belong to a neighbour's characters. Right to left
        // they copy as nothing: extractors turn a glyph's several characters around.
        if (rtl) chars = chars.replace(INVISIBLE, '');
      }
      run.chars[i] = chars;
      if (chars ? yOffset !== 0 || (rtl && chars.length !== 1 && [...chars].length !== 1) : xAdvance !== 0)
        run.readsBack = false;
    }
    return run;
  }
}

/** The runs left to right: the bidi algorithm's reordering (rule L2) of the line's characters, run by run. */
function displayOrder(text: string, items: Item[], levels: EmbeddingLevels | null): Item[] {
  if (!levels) return items;
  const runOf = new Int32Array(text.length);
  items.forEach((item, index) => runOf.fill(index, item.start, item.end));
  const indices = Array.from({ length: text.length }, (_, i) => i);
  for (const [start, end] of bidi!.getReorderSegments(text, levels)) {
    indices.splice(start!, end! - start! + 1, ...indices.slice(start, end! + 1).reverse());
  }
  const visual = new Set<Item>();
  for (const i of indices) visual.add(items[runOf[i]!]!);
  return [...visual];
}
