/**
 * Where everything goes on the directory's pages, computed before anything is drawn (so the
 * index knows its pages and tests can check placements): a cover, the families in two columns
 * under letter headings with each family a block that never splits, and the index at the back.
 * Pure: text widths come from `measure`, photo sizes from the caller. Coordinates are PDF points,
 * origin at the bottom left; a text's y is its baseline.
 */
import { FAMILY_FIELDS, MEMBER_FIELDS, type FamilyFields, type MemberFields } from '../../contract/directory';
import { textKeys, type Fields, type TextKeys } from '../../contract/entity';
import { byName } from '../../core/viewer';
import type { Weight } from './fonts';

export type Paper = 'letter' | 'a4';
export const PAPER_SIZES: Record<Paper, readonly [number, number]> = { letter: [612, 792], a4: [595.28, 841.89] };

export type Measure = (text: string, weight: Weight, size: number) => number;
export type Color = 'ink' | 'muted' | 'accent' | 'band' | 'rule';

export type Item =
  | { kind: 'text'; text: string; x: number; y: number; size: number; weight: Weight; color: Color }
  /** A picture: `image` indexes the document's images (the book's: its families in print order). */
  | { kind: 'photo'; image: number; x: number; y: number; width: number; height: number }
  /** The book's cover photo, on the cover page. */
  | { kind: 'cover'; x: number; y: number; width: number; height: number }
  | { kind: 'rect'; x: number; y: number; width: number; height: number; color: Color }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; thickness: number; color: Color };

export interface Page {
  /** The book's cover, families and index, or a study's handout (studies/handoutLayout.ts). */
  kind: 'cover' | 'families' | 'index' | 'handout';
  /** 1-based, the cover being page 1 (it shows no number). */
  number: number;
  items: Item[];
}

/** Every typed text of a member (MEMBER_FIELDS): what is drawn, and where, is familyPieces' choice. */
export type LayoutMember = Pick<MemberFields, TextKeys<typeof MEMBER_FIELDS>>;

/** Every typed text of a family (FAMILY_FIELDS), its photo's size and its members. */
export interface LayoutFamily extends Pick<FamilyFields, TextKeys<typeof FAMILY_FIELDS>> {
  /** The embedded photo's pixel size, or null when there is none (or it could not be embedded). */
  photo: { width: number; height: number } | null;
  members: LayoutMember[];
}

export interface LayoutChurch {
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

export interface LayoutInput {
  church: LayoutChurch;
  printedAt: Date;
  paper: Paper;
  /** In print order (surname order). */
  families: LayoutFamily[];
  /** The cover photo's pixel size, or null for a cover without one. */
  cover?: { width: number; height: number } | null;
}

/** Where a family's block went: its page numbers (one, unless the family alone is taller than a column). */
export interface Placement {
  family: number;
  pages: number[];
  column: number;
  /** The block's top and bottom on its (first) page. */
  top: number;
  bottom: number;
  /** The page each member's row is on. */
  memberPages: number[];
}

export interface IndexEntry {
  label: string;
  family: number;
  /** The page of the member's family block. */
  page: number;
}

export interface Layout {
  size: readonly [number, number];
  pages: Page[];
  placements: Placement[];
  index: IndexEntry[];
}

const MARGIN = { top: 54, bottom: 58, side: 48 };
const GUTTER = 24;
const FOOTER_Y = 30;
const PHOTO = { width: 104, height: 78, gap: 10 };
/** The widest a cover photo prints: five inches (its cover rendition, photo-sizes.ts, is 300 dpi there). */
const COVER_PHOTO = { width: 360 };
const T = {
  surname: { size: 12.5, lead: 16 },
  detail: { size: 9, lead: 12 },
  name: { size: 9.5, lead: 12.5 },
  contact: { size: 8.5, lead: 11 },
  letter: { size: 12, band: 20 },
  index: { size: 9, lead: 12.5 },
};
const BLOCK_GAP = 16;
const LETTER_GAP = { before: 8, after: 10 };

/** The app's own name order (any script; case and accents do not split 'Ödegård' from 'Odegard'). */
export { byName };

const HANGUL_INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const BASE_LETTERS: Record<string, string> = { Ø: 'O', Ł: 'L', Đ: 'D', Æ: 'A', Œ: 'O', Þ: 'T', ß: 'S' };

/** The letter a surname is filed under: its first letter without accents ('Ødegård' under O, 'Nguyễn' under N, '김' under ㄱ). */
export function initialOf(surname: string): string {
  const first = [...surname.trim()][0] ?? '#';
  const cp = first.codePointAt(0)!;
  if (cp >= 0xac00 && cp <= 0xd7a3) return HANGUL_INITIALS[Math.floor((cp - 0xac00) / 588)]!;
  const upper = first
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase();
  const letter = BASE_LETTERS[upper] ?? upper;
  return /\p{L}/u.test(letter) ? letter : '#';
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const words = new Intl.Segmenter('en', { granularity: 'word' });

/**
 * A word too long for a line, in the pieces it may break between: its words by the Unicode
 * rules (Thai, Chinese and Japanese put no space between words; ICU finds them), and a piece
 * still too long between its letters (grapheme clusters: a letter keeps its marks).
 */
const breakable = (word: string, fits: (s: string) => boolean) =>
  [...words.segment(word)].flatMap(({ segment }) =>
    fits(segment) ? [segment] : [...graphemes.segment(segment)].map((g) => g.segment),
  );

/** Lines of at most `width`: broken at spaces, and inside a word only when the word alone is too long. */
export function wrap(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    if (measure(word) <= width) {
      line = word;
      continue;
    }
    for (const piece of breakable(word, (s) => measure(s) <= width)) {
      if (line && measure(line + piece) > width) {
        lines.push(line);
        line = '';
      }
      line += piece;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

const joinParts = (parts: (string | null | undefined)[], separator: string) =>
  parts.filter((p) => p && p.trim()).join(separator);

/** 'Springfield, IL 62701' with whatever parts there are. */
export const cityLine = (city: string | null, state: string | null, zip: string | null) =>
  joinParts([city, joinParts([state, zip], ' ')], ', ');

/**
 * What the book prints of a record, in its fields' order, as their declarations say (`print`,
 * contract/entity.ts): its lines, and what goes beside its name.
 */
export function printed<F extends Fields>(fields: F, record: Partial<Record<TextKeys<F>, string | null>>) {
  const lines: string[] = [];
  const beside: string[] = [];
  let place: (string | null | undefined)[] = [];
  const endPlace = () => {
    const line = joinParts([place[0], joinParts(place.slice(1), ' ')], ', ');
    if (line) lines.push(line);
    place = [];
  };
  for (const k of textKeys(fields)) {
    const { print, short, label } = fields[k]!;
    const value = record[k]?.trim();
    if (print === 'place') {
      place.push(value);
      continue;
    }
    endPlace();
    if (!value) continue;
    if (print === 'plain') lines.push(value);
    else if (print === 'labelled') lines.push(`${short ?? label}: ${value}`);
    else if (print === 'beside') beside.push(`${short ?? label} ${value}`);
  }
  endPlace();
  return { lines, beside: beside.join('  ') };
}

/** A piece of a block, measured from the piece's top; placed later. */
interface Piece {
  height: number;
  items: Item[];
}

const text = (t: string, x: number, y: number, size: number, weight: Weight, color: Color): Item => ({
  kind: 'text',
  text: t,
  x,
  y,
  size,
  weight,
  color,
});

function shift(items: Item[], dx: number, dy: number): Item[] {
  return items.map((item) => {
    switch (item.kind) {
      case 'line':
        return { ...item, x1: item.x1 + dx, x2: item.x2 + dx, y1: item.y1 + dy, y2: item.y2 + dy };
      default:
        return { ...item, x: item.x + dx, y: item.y + dy };
    }
  });
}

/**
 * A family's pieces, in coordinates relative to the piece's top-left corner (y grows upwards,
 * so content sits at negative y): the head (photo, surname, the details it prints) and one piece
 * per member (name, what prints beside it, then its labelled details).
 */
function familyPieces(family: LayoutFamily, index: number, width: number, measure: Measure): Piece[] {
  const items: Item[] = [];
  let photoHeight = 0;
  let textX = 0;
  if (family.photo && family.photo.width > 0 && family.photo.height > 0) {
    const scale = Math.min(PHOTO.width / family.photo.width, PHOTO.height / family.photo.height);
    const w = family.photo.width * scale;
    const h = family.photo.height * scale;
    items.push({ kind: 'photo', image: index, x: 0, y: -h, width: w, height: h });
    photoHeight = h;
    textX = w + PHOTO.gap;
  }
  const textWidth = width - textX;
  let y = 0;
  for (const line of wrap(`${family.surname} Family`, textWidth, (s) => measure(s, 'bold', T.surname.size))) {
    y += T.surname.lead;
    items.push(text(line, textX, -(y - 4), T.surname.size, 'bold', 'ink'));
  }
  y += 2;
  const details = printed(FAMILY_FIELDS, family).lines;
  for (const detail of details) {
    for (const line of wrap(detail, textWidth, (s) => measure(s, 'regular', T.detail.size))) {
      y += T.detail.lead;
      items.push(text(line, textX, -(y - 3), T.detail.size, 'regular', 'muted'));
    }
  }
  const head: Piece = { height: Math.max(y + 3, photoHeight) + (family.members.length ? 6 : 0), items };

  const memberPieces = family.members.map((member): Piece => {
    const rows: Item[] = [];
    const { lines: contacts, beside } = printed(MEMBER_FIELDS, member);
    const besideWidth = beside ? measure(beside, 'regular', T.contact.size) : 0;
    let my = 0;
    const nameLines = wrap(member.name, width - 12 - (besideWidth ? besideWidth + 8 : 0), (s) =>
      measure(s, 'bold', T.name.size),
    );
    nameLines.forEach((line, i) => {
      my += T.name.lead;
      rows.push(text(line, 12, -(my - 3), T.name.size, 'bold', 'ink'));
      if (i === 0 && beside)
        rows.push(text(beside, width - besideWidth, -(my - 3), T.contact.size, 'regular', 'muted'));
    });
    // Each contact labelled, on a line of its own: an address run on after a number read as part of it.
    const contactWidth = width - 22;
    const contactLines = contacts.flatMap((c) => wrap(c, contactWidth, (s) => measure(s, 'regular', T.contact.size)));
    for (const line of contactLines) {
      my += T.contact.lead;
      rows.push(text(line, 22, -(my - 2.5), T.contact.size, 'regular', 'muted'));
    }
    return { height: my + 3, items: rows };
  });
  return [head, ...memberPieces];
}

function letterBand(letter: string, width: number): Piece {
  return {
    height: T.letter.band,
    items: [
      { kind: 'rect', x: 0, y: -T.letter.band, width, height: T.letter.band, color: 'band' },
      text(letter, 8, -T.letter.band + 6, T.letter.size, 'bold', 'accent'),
    ],
  };
}

class Flow {
  readonly pages: Page[] = [];
  page!: Page;
  column = 0;
  y = 0;
  /** Whether the current column has anything in it yet. */
  used = false;

  constructor(
    private readonly size: readonly [number, number],
    private readonly kind: Page['kind'],
    private readonly firstPage: number,
    private readonly columns: number,
    private readonly topOfFirstPage = 0,
  ) {
    this.newPage();
  }

  get columnWidth() {
    return (this.size[0] - 2 * MARGIN.side - GUTTER * (this.columns - 1)) / this.columns;
  }
  get columnX() {
    return MARGIN.side + this.column * (this.columnWidth + GUTTER);
  }
  get top() {
    return this.size[1] - MARGIN.top - (this.pages.length === 1 ? this.topOfFirstPage : 0);
  }
  get bottom() {
    return MARGIN.bottom;
  }
  get room() {
    return this.y - this.bottom;
  }
  get fullColumn() {
    return this.size[1] - MARGIN.top - MARGIN.bottom;
  }

  newPage() {
    this.page = { kind: this.kind, number: this.firstPage + this.pages.length, items: [] };
    this.pages.push(this.page);
    this.column = 0;
    this.y = this.top;
    this.used = false;
  }

  nextColumn() {
    if (this.column + 1 < this.columns) {
      this.column += 1;
      this.y = this.top;
      this.used = false;
    } else this.newPage();
  }

  place(piece: Piece) {
    this.page.items.push(...shift(piece.items, this.columnX, this.y));
    this.y -= piece.height;
    this.used = true;
  }
}

const sum = (pieces: Piece[]) => pieces.reduce((total, p) => total + p.height, 0);

function coverPage(
  input: LayoutInput,
  measure: Measure,
  size: readonly [number, number],
  counts: { families: number; members: number },
): Page {
  const [w, h] = size;
  const items: Item[] = [];
  const width = w - 2 * MARGIN.side - 40;
  const centered = (t: string, y: number, sz: number, weight: Weight, color: Color) =>
    items.push(text(t, (w - measure(t, weight, sz)) / 2, y, sz, weight, color));

  const address = [input.church.address, cityLine(input.church.city, input.church.state, input.church.zip)]
    .filter((l): l is string => !!l && !!l.trim())
    .flatMap((part) => wrap(part, width, (s) => measure(s, 'regular', 12)));
  const cover = input.cover && input.cover.width > 0 && input.cover.height > 0 ? input.cover : null;

  // With a cover photo the name starts near the top, so the photo fits under it.
  let y = cover ? h - MARGIN.top - 40 : h * 0.62;
  for (const line of wrap(input.church.name, width, (s) => measure(s, 'bold', 30))) {
    centered(line, y, 30, 'bold', 'ink');
    y -= 38;
  }
  centered('Church Directory', y - 4, 15, 'regular', 'accent');
  y -= 34;
  items.push({ kind: 'line', x1: w / 2 - 60, y1: y, x2: w / 2 + 60, y2: y, thickness: 1, color: 'accent' });
  y -= 30;
  if (cover) {
    // The photo under the name, as large as the room above the address and the counts allows.
    const top = y + 8;
    const bottom = MARGIN.bottom + 64 + address.length * 17;
    const scale = Math.min(COVER_PHOTO.width / cover.width, Math.max(0, top - bottom) / cover.height);
    const [pw, ph] = [cover.width * scale, cover.height * scale];
    if (ph > 0) items.push({ kind: 'cover', x: (w - pw) / 2, y: top - ph, width: pw, height: ph });
    y = top - ph - 30;
  }
  for (const line of address) {
    centered(line, y, 12, 'regular', 'ink');
    y -= 17;
  }
  const printed = input.printedAt.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  centered(
    `${count(counts.families, 'family', 'families')} · ${count(counts.members, 'member', 'members')}`,
    MARGIN.bottom + 40,
    10,
    'regular',
    'muted',
  );
  centered(`Printed ${printed}`, MARGIN.bottom + 24, 10, 'regular', 'muted');
  return { kind: 'cover', number: 1, items };
}

function familyPages(input: LayoutInput, measure: Measure, size: readonly [number, number]) {
  const flow = new Flow(size, 'families', 2, 2);
  const placements: Placement[] = [];
  let letter: string | null = null;

  input.families.forEach((family, index) => {
    const pieces = familyPieces(family, index, flow.columnWidth, measure);
    const height = sum(pieces);
    const initial = initialOf(family.surname);
    const band = letter === null || byName(initial, letter) !== 0 ? letterBand(initial, flow.columnWidth) : null;
    const lead = band
      ? (flow.used ? LETTER_GAP.before : 0) + band.height + LETTER_GAP.after
      : flow.used
        ? BLOCK_GAP
        : 0;
    // Whole block (with its letter heading) in this column, or else at the top of the next one. A
    // family taller than a whole column (dozens of members) is the one block that must continue:
    // its head and first member at least stay together.
    const needed = height <= flow.fullColumn ? height : sum(pieces.slice(0, 2));
    if (flow.used && lead + needed > flow.room) flow.nextColumn();
    if (band) {
      if (flow.used) flow.y -= LETTER_GAP.before;
      flow.place(band);
      flow.y -= LETTER_GAP.after;
      letter = initial;
    } else if (flow.used) {
      flow.page.items.push({
        kind: 'line',
        x1: flow.columnX,
        y1: flow.y - BLOCK_GAP / 2 + 1,
        x2: flow.columnX + flow.columnWidth,
        y2: flow.y - BLOCK_GAP / 2 + 1,
        thickness: 0.5,
        color: 'rule',
      });
      flow.y -= BLOCK_GAP;
    }
    const placement: Placement = {
      family: index,
      pages: [flow.page.number],
      column: flow.column,
      top: flow.y,
      bottom: 0,
      memberPages: [],
    };
    for (const [i, piece] of pieces.entries()) {
      if (piece.height > flow.room && flow.used) {
        flow.nextColumn();
        if (i > 0)
          flow.place({
            height: T.detail.lead + 4,
            items: [text(`${family.surname} Family (continued)`, 0, -T.detail.size, T.detail.size, 'bold', 'muted')],
          });
        if (!placement.pages.includes(flow.page.number)) placement.pages.push(flow.page.number);
      }
      flow.place(piece);
      if (i > 0) placement.memberPages.push(flow.page.number);
    }
    placement.bottom = flow.y;
    placements.push(placement);
  });
  return { pages: flow.pages, placements };
}

function indexPages(
  entries: IndexEntry[],
  measure: Measure,
  size: readonly [number, number],
  firstPage: number,
): Page[] {
  const titleHeight = 44;
  const flow = new Flow(size, 'index', firstPage, 2, titleHeight);
  flow.page.items.push(text('Index', MARGIN.side, size[1] - MARGIN.top - 20, 20, 'bold', 'ink'));
  const m = (s: string) => measure(s, 'regular', T.index.size);
  const dot = m('. ');
  for (const entry of entries) {
    const pageText = String(entry.page);
    const pageWidth = m(pageText);
    const width = flow.columnWidth;
    const lines = wrap(entry.label, width - pageWidth - 14, m);
    const items: Item[] = [];
    lines.forEach((line, i) =>
      items.push(text(line, i ? 10 : 0, -(T.index.lead * (i + 1) - 3), T.index.size, 'regular', 'ink')),
    );
    const lastY = -(T.index.lead * lines.length - 3);
    const lastEnd = (lines.length > 1 ? 10 : 0) + m(lines[lines.length - 1]!) + 4;
    const leaderWidth = width - pageWidth - 4 - lastEnd;
    const dots = Math.floor(leaderWidth / dot);
    if (dots > 0)
      items.push(
        text('. '.repeat(dots).trimEnd(), width - pageWidth - 4 - dots * dot, lastY, T.index.size, 'regular', 'rule'),
      );
    items.push(text(pageText, width - pageWidth, lastY, T.index.size, 'regular', 'ink'));
    const piece = { height: T.index.lead * lines.length, items };
    if (piece.height > flow.room) flow.nextColumn();
    flow.place(piece);
  }
  return flow.pages;
}

function footer(page: Page, size: readonly [number, number], measure: Measure, churchName: string) {
  const label = String(page.number);
  page.items.push(text(label, (size[0] - measure(label, 'regular', 9)) / 2, FOOTER_Y, 9, 'regular', 'muted'));
  const name = wrap(churchName, size[0] / 3, (s) => measure(s, 'regular', 8))[0] ?? '';
  page.items.push(text(name, MARGIN.side, FOOTER_Y, 8, 'regular', 'rule'));
}

export function layoutDirectory(input: LayoutInput, measure: Measure): Layout {
  const size = PAPER_SIZES[input.paper];
  const memberCount = input.families.reduce((n, f) => n + f.members.length, 0);
  const cover = coverPage(input, measure, size, { families: input.families.length, members: memberCount });
  const body = familyPages(input, measure, size);
  const index: IndexEntry[] = input.families
    .flatMap((family, f) =>
      family.members.map((member, m) => ({
        label: `${family.surname}, ${member.name}`,
        surname: family.surname,
        name: member.name,
        family: f,
        page: body.placements[f]!.memberPages[m]!,
      })),
    )
    .sort((a, b) => byName(a.surname, b.surname) || byName(a.name, b.name) || a.family - b.family)
    .map(({ label, family, page }) => ({ label, family, page }));
  const pages = [cover, ...body.pages];
  if (index.length) pages.push(...indexPages(index, measure, size, pages.length + 1));
  for (const page of pages) if (page.kind !== 'cover') footer(page, size, measure, input.church.name);
  return { size, pages, placements: body.placements, index };
}
