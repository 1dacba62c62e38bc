/**
 * Where everything of a study's handout goes, computed before anything is drawn (the footer
 * knows the page count; tests check placements): the church, the study's title, author and
 * description, then each session under its band (its number and date, its title) with its items
 * in order. Text flows from page to page a line at a time; a session's band never ends a page.
 * Questions leave ruled lines to write on. Pure: widths come from `measure`, pictures' sizes from
 * the caller. Coordinates are PDF points from the bottom left, as the book's (book/pdf/layout.ts).
 */
import { PAPER_SIZES, wrap, type Color, type Measure, type Page, type Paper } from '../book/pdf/layout';
import type { Weight } from '../book/pdf/fonts';
import { clean } from '../book/pdf/render';
import { printBlocks } from './markdownText';

export type HandoutItem =
  | { kind: 'text'; markdown: string }
  | { kind: 'question'; text: string }
  | { kind: 'scripture'; reference: string }
  /** A picture attached: `image` indexes the handout's images. */
  | { kind: 'image'; image: number; name: string }
  /** A file attached that paper cannot hold (a PDF): named, for the reader to find it in the app. */
  | { kind: 'file'; name: string; pages: number | null };

export interface HandoutInput {
  church: string;
  title: string;
  description: string | null;
  author: string | null;
  paper: Paper;
  sessions: { title: string | null; date: string | null; items: HandoutItem[] }[];
  /** Each picture's pixel size, by index (null: it could not be read; its place stays out). */
  images: readonly ({ width: number; height: number } | null)[];
}

export interface HandoutLayout {
  size: readonly [number, number];
  pages: Page[];
}

const MARGIN = { top: 56, bottom: 64, side: 56 };
const FOOTER_Y = 32;
const IMAGE_MAX_HEIGHT = 300;
const NOTE_LINES = 2;
const NOTE_GAP = 22;
/** Size and leading of each kind of line. */
const TYPE = {
  church: [10, 14],
  title: [22, 28],
  byline: [10, 14],
  body: [11, 15.5],
  heading: [13, 18],
  session: [11, 16],
  sessionTitle: [15, 20],
  label: [9, 15.5],
  caption: [9, 13],
} as const satisfies Record<string, readonly [number, number]>;
const INDENT = 16;

/** "Sunday, December 6, 2026" for a session's YYYY-MM-DD. */
export const sessionDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Lines placed down the pages, a new page started where one would cross the bottom margin. */
class Flow {
  readonly pages: Page[] = [];
  private y = 0;
  readonly width: number;

  constructor(
    readonly size: readonly [number, number],
    readonly measure: Measure,
  ) {
    this.width = size[0] - MARGIN.side * 2;
    this.newPage();
  }

  private get page() {
    return this.pages.at(-1)!;
  }

  newPage() {
    this.pages.push({ kind: 'handout', number: this.pages.length + 1, items: [] });
    this.y = this.size[1] - MARGIN.top;
  }

  /** Starts a page unless `height` more fits on this one (a new page's top always takes it). */
  room(height: number) {
    if (this.y - height < MARGIN.bottom && this.y < this.size[1] - MARGIN.top) this.newPage();
  }

  gap(height: number) {
    this.y -= height;
  }

  /** Wrapped lines of one style, each on the page where it fits; `hang` marks the first line (a bullet, a number). */
  text(
    value: string,
    [size, leading]: readonly [number, number],
    style: { weight?: Weight; color?: Color; indent?: number; hang?: { text: string; color: Color; width: number } },
  ) {
    const { weight = 'regular', color = 'ink', indent = 0, hang } = style;
    const x = MARGIN.side + indent + (hang?.width ?? 0);
    const lines = wrap(clean(value) ?? '', this.width - indent - (hang?.width ?? 0), (s) =>
      this.measure(s, weight, size),
    );
    lines.forEach((line, i) => {
      this.room(leading);
      this.y -= leading;
      if (i === 0 && hang?.text)
        this.put({ text: hang.text, x: MARGIN.side + indent, size, weight: 'bold', color: hang.color });
      if (line) this.put({ text: line, x, size, weight, color });
    });
  }

  private put(t: { text: string; x: number; size: number; weight: Weight; color: Color }) {
    this.page.items.push({ kind: 'text', ...t, y: this.y + t.size * 0.28 });
  }

  /** A label and a value on one line ("Read  John 3:16-18"). */
  labelled(label: string, value: string) {
    const [labelSize] = TYPE.label;
    const labelWidth = this.measure(label, 'bold', labelSize) + 8;
    this.room(TYPE.body[1]);
    this.y -= TYPE.body[1];
    this.put({ text: label, x: MARGIN.side, size: labelSize, weight: 'bold', color: 'muted' });
    const shown = wrap(clean(value) ?? '', this.width - labelWidth, (s) => this.measure(s, 'bold', TYPE.body[0]))[0];
    this.put({ text: shown ?? '', x: MARGIN.side + labelWidth, size: TYPE.body[0], weight: 'bold', color: 'accent' });
  }

  rule(indent = 0, color: Color = 'rule', thickness = 0.5) {
    const x1 = MARGIN.side + indent;
    this.page.items.push({ kind: 'line', x1, y1: this.y, x2: MARGIN.side + this.width, y2: this.y, thickness, color });
  }

  /** A band across the page with a line of text in it: a session's head, kept with what follows. */
  band(left: string, right: string | null, keep: number) {
    const height = 24;
    this.room(height + keep);
    this.y -= height;
    this.page.items.push({ kind: 'rect', x: MARGIN.side, y: this.y, width: this.width, height, color: 'band' });
    const [size] = TYPE.session;
    const baseline = this.y + (height - size) / 2 + size * 0.22;
    this.page.items.push({
      kind: 'text',
      text: left,
      x: MARGIN.side + 10,
      y: baseline,
      size,
      weight: 'bold',
      color: 'accent',
    });
    if (right) {
      const shown = clean(right) ?? '';
      const x = MARGIN.side + this.width - 10 - this.measure(shown, 'regular', size - 1);
      this.page.items.push({
        kind: 'text',
        text: shown,
        x,
        y: baseline,
        size: size - 1,
        weight: 'regular',
        color: 'muted',
      });
    }
  }

  /** A picture fitted to the text's width and at most IMAGE_MAX_HEIGHT tall, its name under it. */
  picture(image: number, frame: { width: number; height: number }, name: string) {
    const scale = Math.min(this.width / frame.width, IMAGE_MAX_HEIGHT / frame.height, 1);
    const [width, height] = [frame.width * scale, frame.height * scale];
    this.room(height + TYPE.caption[1] + 6);
    this.y -= height + 6;
    this.page.items.push({ kind: 'photo', image, x: MARGIN.side, y: this.y, width, height });
    this.text(name, TYPE.caption, { color: 'muted' });
  }

  footers(title: string) {
    const total = this.pages.length;
    for (const page of this.pages) {
      const label = `Page ${page.number} of ${total}`;
      const size = 8;
      const x = this.size[0] - MARGIN.side - this.measure(label, 'regular', size);
      page.items.push({ kind: 'text', text: label, x, y: FOOTER_Y, size, weight: 'regular', color: 'muted' });
      const name = wrap(clean(title) ?? '', this.width / 2, (s) => this.measure(s, 'regular', size))[0] ?? '';
      page.items.push({
        kind: 'text',
        text: name,
        x: MARGIN.side,
        y: FOOTER_Y,
        size,
        weight: 'regular',
        color: 'muted',
      });
    }
  }
}

/** A text item's Markdown, block by block. */
function markdownText(flow: Flow, markdown: string) {
  for (const block of printBlocks(markdown)) {
    if (block.kind === 'rule') {
      flow.gap(8);
      flow.rule();
      flow.gap(8);
      continue;
    }
    const indent = (Math.max(block.depth - 1, 0) + (block.kind === 'quote' ? 1 : 0)) * INDENT;
    const hang = block.depth > 0 ? { text: block.marker ?? '', color: 'ink' as Color, width: INDENT } : undefined;
    const style =
      block.kind === 'heading'
        ? { type: TYPE.heading, weight: 'bold' as Weight, color: 'ink' as Color }
        : {
            type: TYPE.body,
            weight: 'regular' as Weight,
            color: (block.kind === 'paragraph' ? 'ink' : 'muted') as Color,
          };
    if (block.kind === 'heading') flow.gap(4);
    block.lines.forEach((line, i) =>
      flow.text(line, style.type, {
        weight: style.weight,
        color: style.color,
        indent,
        hang: i === 0 ? hang : hang && { ...hang, text: '' },
      }),
    );
    flow.gap(5);
  }
}

export function layoutHandout(input: HandoutInput, measure: Measure): HandoutLayout {
  const size = PAPER_SIZES[input.paper];
  const flow = new Flow(size, measure);
  flow.text(input.church, TYPE.church, { color: 'muted' });
  flow.gap(4);
  flow.text(input.title, TYPE.title, { weight: 'bold' });
  if (input.author) flow.text(`By ${input.author}`, TYPE.byline, { color: 'muted' });
  if (input.description) {
    flow.gap(8);
    markdownText(flow, input.description);
  }
  input.sessions.forEach((session, s) => {
    flow.gap(16);
    flow.band(`Session ${s + 1}`, session.date && sessionDay(session.date), TYPE.sessionTitle[1] + TYPE.body[1] * 2);
    flow.gap(8);
    if (session.title) {
      flow.text(session.title, TYPE.sessionTitle, { weight: 'bold' });
      flow.gap(6);
    }
    let question = 0;
    for (const item of session.items) {
      switch (item.kind) {
        case 'text':
          markdownText(flow, item.markdown);
          break;
        case 'question':
          question += 1;
          flow.gap(4);
          flow.text(item.text, TYPE.body, { hang: { text: `${question}.`, color: 'accent', width: INDENT + 4 } });
          for (let line = 0; line < NOTE_LINES; line++) {
            flow.room(NOTE_GAP);
            flow.gap(NOTE_GAP);
            flow.rule(INDENT + 4);
          }
          flow.gap(8);
          break;
        case 'scripture':
          flow.labelled('Read', item.reference);
          flow.gap(5);
          break;
        case 'image': {
          const frame = input.images[item.image];
          if (frame) flow.picture(item.image, frame, item.name);
          else flow.text(`Attached: ${item.name}`, TYPE.body, { color: 'muted' });
          flow.gap(8);
          break;
        }
        case 'file': {
          const pages = item.pages ? `, ${item.pages} ${item.pages === 1 ? 'page' : 'pages'}` : '';
          flow.text(`Attached: ${item.name} (PDF${pages}), in the Bible study in the app`, TYPE.body, {
            color: 'muted',
          });
          flow.gap(5);
          break;
        }
      }
    }
  });
  flow.footers(input.title);
  return { size, pages: flow.pages };
}
