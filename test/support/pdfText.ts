/**
 * Reading a PDF back as a person copying from it would, with pdf.js (pdfjs-dist, the viewer of
 * Firefox): its text items in drawing order, each one's right-to-left letters turned back to
 * reading order, a line ending where pdf.js ends one, where the baseline moves or where the text
 * goes back left (the book's lines are drawn left to right). Two rules of text extraction that
 * pdf.js does not follow (4.x, nor 6.x yet) are applied as poppler applies them, for the
 * directory's PDF counts on them (textOps.ts, fontObjects.ts in lambdas/domain/pdf):
 *  - a marked-content span's ActualText (PDF 32000 14.9.4) is its text, in place of its glyphs'
 *    (as Acrobat too reads it; pdf.js reads the glyphs: a Devanagari cluster whose vowel is drawn
 *    first copies in drawn order);
 *  - a character code to which the font's ToUnicode CMap gives no characters copies as nothing
 *    (pdf.js copies the code itself as a character, e.g. the dot of 'ọ' as '"' or a control
 *    character, and breaks the word there with a space).
 * pdf.js reads a copy of the file in which such codes map to characters left out of the text read
 * (U+034F, U+E000); the ActualText of each span is read from the page's content streams.
 * Where poppler's pdftotext is on PATH, `popplerText` reads the file too, for a cross-check.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bidiFactory from 'bidi-js';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFPageLeaf,
  PDFRawStream,
  PDFRef,
  PDFString,
  type PDFObject,
} from 'pdf-lib';
import { getDocument, OPS, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

type TextContentItem = Awaited<ReturnType<PDFPageProxy['getTextContent']>>['items'][number];
type TextItem = Extract<TextContentItem, { str: string }>;

/** A line of text as drawn: its text, and where it starts (its first item's origin, in points). */
export interface PdfLine {
  text: string;
  x: number;
  y: number;
}

/** An image as drawn: its box on the page, in points from the bottom left. */
export interface PdfImage {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The text read back: one page's (1-based) or the whole file's. `raw`: a line of text a line, in
 * drawing order (one index entry a line); else the same with all whitespace collapsed.
 */
export async function pdfText(bytes: Uint8Array, page?: number, raw = false): Promise<string> {
  const lines = page === undefined ? (await readPages(bytes)).flat() : await pdfLines(bytes, page);
  const text = lines.map((line) => line.text);
  return raw ? text.join('\n') : text.join(' ').replace(/\s+/g, ' ');
}

/** One page's lines, in drawing order. */
export async function pdfLines(bytes: Uint8Array, page: number): Promise<PdfLine[]> {
  const pages = await readPages(bytes);
  const lines = pages[page - 1];
  if (!lines) throw new Error(`The PDF has ${pages.length} pages, not a page ${page}`);
  return lines;
}

/** The images one page draws, in drawing order, as pdf.js draws them (its operator list). */
export async function pdfImages(bytes: Uint8Array, page: number): Promise<PdfImage[]> {
  return withDocument(bytes.slice(), async (doc) => {
    const { fnArray, argsArray } = await (await doc.getPage(page)).getOperatorList();
    const images: PdfImage[] = [];
    const saved: number[][] = [];
    let ctm = [1, 0, 0, 1, 0, 0];
    fnArray.forEach((fn, i) => {
      if (fn === OPS.save) saved.push(ctm);
      else if (fn === OPS.restore) ctm = saved.pop() ?? ctm;
      else if (fn === OPS.transform) ctm = multiply(argsArray[i] as number[], ctm);
      else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) {
        // An image fills the unit square of the current transformation.
        const xs = [ctm[4]!, ctm[4]! + ctm[0]!, ctm[4]! + ctm[2]!, ctm[4]! + ctm[0]! + ctm[2]!];
        const ys = [ctm[5]!, ctm[5]! + ctm[1]!, ctm[5]! + ctm[3]!, ctm[5]! + ctm[1]! + ctm[3]!];
        const [x, y] = [Math.min(...xs), Math.min(...ys)];
        images.push({ x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y });
      }
    });
    return images;
  });
}

/** `m` then `n`: the matrix that applies m, then n (PDF's [a b c d e f] order). */
function multiply(m: number[], n: number[]): number[] {
  const [a, b, c, d, e, f] = m as [number, number, number, number, number, number];
  const [p, q, r, s, t, u] = n as [number, number, number, number, number, number];
  return [a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u];
}

/**
 * The names the text read back (`raw`, lines kept) does not give back as typed. A reader's viewer
 * gives a line's runs left to right as drawn, each run's right-to-left letters turned back to
 * reading order, so digits beside right-to-left letters stay where they show ('2 דוד' for
 * 'דוד 2'; poppler does the same, and marks the direction with RLE and PDF): such a name counts
 * when a line holds it, spaces aside, as typed or as shown. Invisible characters (joiners, which
 * a right-to-left name copies as nothing and pdf.js leaves out, and poppler's marks) are left out.
 */
export function namesNotReadBack(raw: string, names: readonly string[]): string[] {
  const invisible = /[\p{Default_Ignorable_Code_Point}\u202a-\u202e]/gu;
  const lines = raw.replace(invisible, '').split('\n');
  const text = lines.join(' ').replace(/\s+/g, ' ');
  const squeezed = lines.map((line) => line.replace(/\s+/g, ''));
  return names.filter((name) => {
    const typed = name.replace(invisible, '');
    if (!/\p{Nd}/u.test(typed)) return !text.includes(typed);
    const forms = [typed, shownOrder(typed)].map((form) => form.replace(/\s+/g, ''));
    return !squeezed.some((line) => forms.some((form) => line.includes(form)));
  });
}

let bidi: ReturnType<typeof bidiFactory> | null = null;

/**
 * A name as a left-to-right line shows it, as a viewer copies it: its runs of one direction in the
 * order the bidi algorithm shows them (rule L2), each run in reading order.
 */
function shownOrder(text: string): string {
  bidi ??= bidiFactory();
  const { levels } = bidi.getEmbeddingLevels(text, 'ltr');
  const runs: { text: string; level: number }[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = runs[runs.length - 1];
    if (last && last.level === levels[i]) last.text += text[i];
    else runs.push({ text: text[i]!, level: levels[i]! });
  }
  for (let level = Math.max(...runs.map((run) => run.level)); level >= 1; level--) {
    for (let i = 0; i < runs.length; i++) {
      if (runs[i]!.level < level) continue;
      let end = i;
      while (end < runs.length && runs[end]!.level >= level) end += 1;
      runs.splice(i, end - i, ...runs.slice(i, end).reverse());
      i = end;
    }
  }
  return runs.map((run) => run.text).join('');
}

/** Whether poppler's pdftotext is on PATH (it is not needed: it only cross-checks pdf.js where it is). */
export const popplerPresent = !spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).error;

/** The text pdftotext reads (`raw`: in drawing order), lines kept; null where poppler is not installed. */
export function popplerText(bytes: Uint8Array, page?: number, raw = false): string | null {
  if (!popplerPresent) return null;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pdf-text-')), 'read.pdf');
  writeFileSync(file, bytes);
  const pages = page ? ['-f', String(page), '-l', String(page)] : [];
  return execFileSync('pdftotext', [...(raw ? ['-raw'] : []), ...pages, '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
}

/** What a code that copies as nothing is read as by pdf.js, then left out (copyNothingForUnmappedCodes). */
const NOTHING = /[\u034f\ue000]/g;

/** Each file is read once (the tests ask for one page after another of the same bytes). */
const read = new WeakMap<Uint8Array, Promise<PdfLine[][]>>();

function readPages(bytes: Uint8Array): Promise<PdfLine[][]> {
  let pages = read.get(bytes);
  if (!pages) read.set(bytes, (pages = readText(bytes)));
  return pages;
}

async function readText(bytes: Uint8Array): Promise<PdfLine[][]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const spans = doc.getPages().map((page) => {
    const found: (string | null)[] = [];
    scanContent(doc, contentOf(doc, page.node.Contents()), resourcesOf(doc, page.node), found, 0);
    return found;
  });
  const copyable = copyNothingForUnmappedCodes(doc)
    ? await doc.save({ useObjectStreams: false, addDefaultPage: false })
    : bytes.slice();
  return withDocument(copyable, async (pdf) => {
    const pages: PdfLine[][] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const { items } = await (await pdf.getPage(n)).getTextContent({ includeMarkedContent: true });
      pages.push(linesOf(withActualText(items, spans[n - 1]!, n)));
    }
    return pages;
  });
}

async function withDocument<T>(data: Uint8Array, use: (doc: PDFDocumentProxy) => Promise<T>): Promise<T> {
  // pdf.js may take the buffer over: it is always a copy of the caller's bytes.
  const doc = await getDocument({ data, isEvalSupported: false, verbosity: VerbosityLevel.ERRORS }).promise;
  try {
    return await use(doc);
  } finally {
    await doc.destroy();
  }
}

/**
 * pdf.js's text items, each marked-content span with ActualText made one item of that text (at
 * its first glyphs' place, ending a line where its last glyphs do). `spans`: the page's marked
 * content in order, each one's ActualText or null, as pdf.js meets its begin items.
 */
function withActualText(items: TextContentItem[], spans: (string | null)[], page: number): TextItem[] {
  const out: TextItem[] = [];
  const open: { text: string | null; first?: TextItem; last?: TextItem }[] = [];
  let replacing: (typeof open)[number] | null = null;
  let next = 0;
  for (const item of items) {
    if ('str' in item) {
      if (!replacing) out.push(item);
      // A line's end or a space before the span's text (pdf.js gives a space with the text after it) stays.
      else if (!replacing.first && !item.str.trim()) out.push(item);
      else {
        replacing.first ??= item;
        replacing.last = item;
      }
    } else if (item.type === 'endMarkedContent') {
      const span = open.pop();
      if (span && span === replacing) {
        replacing = null;
        const { first, last } = span;
        if (first) out.push({ ...first, str: `${/^\s*/.exec(first.str)![0]}${span.text}`, hasEOL: last!.hasEOL });
      }
    } else {
      if (next >= spans.length) throw new Error(`Page ${page}: pdf.js met more marked content than its content has`);
      const span = { text: spans[next++]! };
      open.push(span);
      if (!replacing && span.text !== null) replacing = span;
    }
  }
  if (next !== spans.length)
    throw new Error(`Page ${page}: pdf.js met ${next} marked contents, its content has ${spans.length}`);
  return out;
}

/** Items into lines: a line ends where pdf.js ends one, where the baseline moves, or where the text goes back left. */
function linesOf(items: TextItem[]): PdfLine[] {
  const lines: PdfLine[] = [];
  let line: PdfLine | null = null;
  let last: TextItem | null = null;
  const end = () => {
    if (line) {
      line.text = line.text.replace(/\s+/g, ' ').trim();
      if (line.text) lines.push(line);
    }
    line = last = null;
  };
  for (const item of items) {
    if (item.str) {
      const [x, y] = [item.transform[4] as number, item.transform[5] as number];
      if (last) {
        const size = Math.max(item.height, last.height, 1);
        if (Math.abs(y - (last.transform[5] as number)) > size / 2 || x < (last.transform[4] as number) - size / 2)
          end();
      }
      line ??= { text: '', x, y };
      line.text += item.str.replace(NOTHING, '');
      last = item;
    }
    if (item.hasEOL) end();
  }
  end();
  return lines;
}

/** A content stream's bytes: a page's Contents, one stream or several in a row. */
function contentOf(doc: PDFDocument, contents: PDFObject | undefined): string {
  const object = contents instanceof PDFRef ? doc.context.lookup(contents) : contents;
  if (object instanceof PDFArray)
    return object
      .asArray()
      .map((part) => contentOf(doc, part))
      .join('\n');
  return object instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(object).decode()).toString('latin1') : '';
}

/** A page's resources, its own or inherited from the page tree. */
function resourcesOf(doc: PDFDocument, node: PDFPageLeaf): PDFObject | undefined {
  const resources = node.getInheritableAttribute(PDFName.of('Resources'));
  return resources instanceof PDFRef ? doc.context.lookup(resources) : resources;
}

/** A content operand: what the marked content needs of it (names, strings, dictionaries). */
type Operand = { name: string } | { bytes: string } | { dict: Map<string, Operand> } | Operand[] | number | null;

/**
 * The marked content of a content stream in order (BMC, BDC), with each one's ActualText or
 * null; a form XObject drawn (Do) is read where it is drawn, as pdf.js reads it.
 */
function scanContent(
  doc: PDFDocument,
  content: string,
  resources: PDFObject | undefined,
  found: (string | null)[],
  depth: number,
) {
  const lexer = new ContentLexer(content);
  const operands: Operand[] = [];
  for (let token = lexer.next(); token; token = lexer.next()) {
    if (!('op' in token)) {
      operands.push(token.value);
      continue;
    }
    if (token.op === 'BMC') found.push(null);
    else if (token.op === 'BDC') found.push(actualText(doc, operands[1] ?? null, resources));
    else if (token.op === 'BI') lexer.skipInlineImage();
    else if (token.op === 'Do' && depth < 10) {
      const name = operands[0];
      const form =
        name && typeof name === 'object' && 'name' in name ? resource(doc, resources, 'XObject', name.name) : undefined;
      if (form instanceof PDFRawStream && form.dict.get(PDFName.of('Subtype')) === PDFName.of('Form')) {
        const own = form.dict.get(PDFName.of('Resources'));
        const formResources = own instanceof PDFRef ? doc.context.lookup(own) : (own ?? resources);
        scanContent(
          doc,
          Buffer.from(decodePDFRawStream(form).decode()).toString('latin1'),
          formResources,
          found,
          depth + 1,
        );
      }
    }
    operands.length = 0;
  }
}

function resource(
  doc: PDFDocument,
  resources: PDFObject | undefined,
  kind: string,
  name: string,
): PDFObject | undefined {
  if (!(resources instanceof PDFDict)) return undefined;
  const group = resources.lookup(PDFName.of(kind));
  if (!(group instanceof PDFDict)) return undefined;
  const object = group.get(PDFName.of(name));
  return object instanceof PDFRef ? doc.context.lookup(object) : object;
}

/** A BDC's ActualText: from its properties given inline, or named in the resources' Properties. */
function actualText(doc: PDFDocument, properties: Operand, resources: PDFObject | undefined): string | null {
  if (properties && typeof properties === 'object' && 'dict' in properties) {
    const value = properties.dict.get('ActualText');
    if (!value || typeof value !== 'object' || !('bytes' in value)) return null;
    return PDFHexString.of(Buffer.from(value.bytes, 'latin1').toString('hex')).decodeText();
  }
  if (properties && typeof properties === 'object' && 'name' in properties) {
    const dict = resource(doc, resources, 'Properties', properties.name);
    const value = dict instanceof PDFDict ? dict.lookup(PDFName.of('ActualText')) : undefined;
    return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;
  }
  return null;
}

const WHITESPACE = '\0\t\n\f\r ';
const DELIMITERS = '()<>[]{}/%';

/** The tokens of a content stream (PDF 32000 7.2, 7.8.2): operands and operators. */
class ContentLexer {
  private i = 0;

  constructor(private readonly s: string) {}

  next(): { op: string } | { value: Operand } | null {
    this.skipSpace();
    if (this.i >= this.s.length) return null;
    const c = this.s[this.i]!;
    if ('([</'.includes(c)) return { value: this.value() };
    if (DELIMITERS.includes(c)) {
      // A stray delimiter: no token.
      this.i += 1;
      return this.next();
    }
    const word = this.word();
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return { value: Number(word) };
    if (word === 'true' || word === 'false' || word === 'null') return { value: null };
    return { op: word };
  }

  /** Past an inline image's data: from ID to EI. */
  skipInlineImage(): void {
    for (let token = this.next(); token && !('op' in token && token.op === 'ID'); token = this.next());
    const end = /[\0\t\n\f\r ]EI(?=[\0\t\n\f\r ]|$)/g;
    end.lastIndex = this.i;
    const match = end.exec(this.s);
    this.i = match ? match.index + match[0].length : this.s.length;
  }

  private skipSpace(): void {
    while (this.i < this.s.length) {
      const c = this.s[this.i]!;
      if (WHITESPACE.includes(c)) this.i += 1;
      else if (c === '%') while (this.i < this.s.length && !'\r\n'.includes(this.s[this.i]!)) this.i += 1;
      else break;
    }
  }

  private word(): string {
    const start = this.i;
    while (this.i < this.s.length && !WHITESPACE.includes(this.s[this.i]!) && !DELIMITERS.includes(this.s[this.i]!))
      this.i += 1;
    return this.s.slice(start, this.i);
  }

  private value(): Operand {
    this.skipSpace();
    const c = this.s[this.i];
    if (c === '/') {
      this.i += 1;
      return {
        name: this.word().replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      };
    }
    if (c === '(') return { bytes: this.literal() };
    if (c === '<' && this.s[this.i + 1] === '<') {
      this.i += 2;
      const dict = new Map<string, Operand>();
      for (this.skipSpace(); this.i < this.s.length && !this.s.startsWith('>>', this.i); this.skipSpace()) {
        const key = this.value();
        const value = this.value();
        if (key && typeof key === 'object' && 'name' in key) dict.set(key.name, value);
      }
      this.i += 2;
      return { dict };
    }
    if (c === '<') {
      const end = this.s.indexOf('>', this.i);
      const hex = this.s.slice(this.i + 1, end < 0 ? undefined : end).replace(/[^0-9a-fA-F]/g, '');
      this.i = end < 0 ? this.s.length : end + 1;
      return { bytes: Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex').toString('latin1') };
    }
    if (c === '[') {
      this.i += 1;
      const array: Operand[] = [];
      for (this.skipSpace(); this.i < this.s.length && this.s[this.i] !== ']'; this.skipSpace())
        array.push(this.value());
      this.i += 1;
      return array;
    }
    if (c === undefined || DELIMITERS.includes(c)) {
      this.i += 1;
      return null;
    }
    const word = this.word();
    return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) ? Number(word) : null;
  }

  /** A literal string's bytes (7.3.4.2): balanced parentheses, backslash escapes. */
  private literal(): string {
    let out = '';
    let depth = 0;
    for (this.i += 1; this.i < this.s.length; this.i++) {
      const c = this.s[this.i]!;
      if (c === '\\') {
        const e = this.s[++this.i] ?? '';
        const octal = /^[0-7]{1,3}/.exec(this.s.slice(this.i, this.i + 3));
        if (octal) {
          out += String.fromCharCode(parseInt(octal[0], 8) & 0xff);
          this.i += octal[0].length - 1;
        } else if (e === '\r') {
          if (this.s[this.i + 1] === '\n') this.i += 1;
        } else if (e !== '\n')
          out += ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e;
      } else if (c === '(') {
        depth += 1;
        out += c;
      } else if (c === ')') {
        if (depth-- === 0) {
          this.i += 1;
          return out;
        }
        out += c;
      } else out += c;
    }
    return out;
  }
}

/**
 * Maps every character code of a composite font (Identity-H or -V, two bytes a code) to which its
 * ToUnicode CMap gives no characters to a character that the text read leaves out, so that the
 * code copies as nothing, as in poppler: U+034F COMBINING GRAPHEME JOINER for a glyph without
 * width, which pdf.js takes as the nonspacing mark it is (no space before it, the TJ move after it
 * kept: with a format character such as U+2060, which pdf.js leaves out itself, it drops that move
 * and reads a gap there), and U+E000 (private use) for one with width, which pdf.js moves past as
 * it moves past a letter. Whether anything changed.
 */
function copyNothingForUnmappedCodes(doc: PDFDocument): boolean {
  const { context } = doc;
  let changed = false;
  const done = new Set<PDFRef>();
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype')) !== PDFName.of('Type0')) continue;
    const encoding = object.get(PDFName.of('Encoding'));
    if (encoding !== PDFName.of('Identity-H') && encoding !== PDFName.of('Identity-V')) continue;
    const ref = object.get(PDFName.of('ToUnicode'));
    const toUnicode = ref instanceof PDFRef ? context.lookup(ref) : undefined;
    if (!(ref instanceof PDFRef) || !(toUnicode instanceof PDFRawStream) || done.has(ref)) continue;
    const cidFont = object.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
    const { count, width } = codesOf(doc, cidFont);
    const cmap = Buffer.from(decodePDFRawStream(toUnicode).decode()).toString('latin1');
    const at = cmap.indexOf('endcodespacerange');
    if (!count || at < 0) continue;
    const hex4 = (n: number) => n.toString(16).padStart(4, '0');
    const blocks: string[] = [];
    for (let start = 0; start < count; start += 100) {
      const ids = Array.from({ length: Math.min(100, count - start) }, (_, k) => start + k);
      const entries = ids.map((id) => `<${hex4(id)}> <${width(id) ? 'e000' : '034f'}>`);
      blocks.push(`${ids.length} beginbfchar\n${entries.join('\n')}\nendbfchar`);
    }
    // Before the CMap's own entries, which win over them.
    const after = at + 'endcodespacerange'.length;
    const text = `${cmap.slice(0, after)}\n${blocks.join('\n')}${cmap.slice(after)}`;
    context.assign(ref, context.flateStream(Buffer.from(text, 'latin1')));
    done.add(ref);
    changed = true;
  }
  return changed;
}

/**
 * A CIDFontType2's codes: how many (its CIDToGIDMap's, else up to the highest its widths name)
 * and each one's width (W, else DW, else 1000).
 */
function codesOf(doc: PDFDocument, cidFont: PDFDict): { count: number; width: (code: number) => number } {
  const widths = new Map<number, number>();
  const w = cidFont.lookup(PDFName.of('W'));
  const items =
    w instanceof PDFArray ? w.asArray().map((item) => (item instanceof PDFRef ? doc.context.lookup(item) : item)) : [];
  for (let i = 0; i < items.length;) {
    const [first, second, third] = [items[i], items[i + 1], items[i + 2]];
    if (!(first instanceof PDFNumber)) break;
    if (second instanceof PDFArray) {
      second.asArray().forEach((value, k) => {
        if (value instanceof PDFNumber) widths.set(first.asNumber() + k, value.asNumber());
      });
      i += 2;
    } else if (second instanceof PDFNumber && third instanceof PDFNumber) {
      for (let code = first.asNumber(); code <= second.asNumber(); code++) widths.set(code, third.asNumber());
      i += 3;
    } else break;
  }
  const dw = cidFont.lookup(PDFName.of('DW'));
  const fallback = dw instanceof PDFNumber ? dw.asNumber() : 1000;
  const map = cidFont.get(PDFName.of('CIDToGIDMap'));
  const stream = map instanceof PDFRef ? doc.context.lookup(map) : undefined;
  const count =
    stream instanceof PDFRawStream
      ? Math.floor(decodePDFRawStream(stream).decode().length / 2)
      : Math.max(-1, ...widths.keys()) + 1;
  return { count: Math.min(count, 0x10000), width: (code) => widths.get(code) ?? fallback };
}
