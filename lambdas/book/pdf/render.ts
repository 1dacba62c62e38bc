/**
 * The printable directory as a PDF (pdf-lib), made in parts so that no one process holds the
 * whole book: `planBook` lays the whole book out (the index needs every family's page) and cuts
 * its pages into parts, each with the object numbers it may use; `renderPart` draws one part's
 * pages into the bytes of its objects (the first part with the file's header); `bookTail`
 * (xref.ts) ends the file with its catalog, page tree and cross-reference table. The parts and
 * the end, one after the other, are the file. Photos are embedded as the bytes given (a JPEG is
 * never re-encoded); text shaped by HarfBuzz in the Noto fallback chain (text.ts) and drawn in
 * subsets of those fonts, each part its own, so names in any script print as written and copy
 * back as typed. No AWS here: the book job (directoryPdf.ts) fetches the data and the photos and
 * stores the parts and the file.
 */
import { PDFContext, PDFHeader, PDFName, PDFPageLeaf, PDFRawStream, PngEmbedder, type PDFRef } from 'pdf-lib';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../../contract/directory';
import { textKeys, type Fields, type RecordOf, type TextKeys, type ValuesOf } from '../../contract/entity';
import { mapLimit } from '../../platform/limit';
import { flateStream } from './flate';
import { FONT_FILES } from './fonts';
import { DocumentFonts, type DocumentFont } from './fontObjects';
import { TextShaper } from './text';
import { lineOps, n } from './textOps';
import { isPng, jpegDict, jpegInfo, photoFrame } from './images';
import { collect, writeObjects } from './stream';
import { bookTail, FIRST_PART_OBJECT, PAGE_TREE, type BookHead, type PartOutline } from './xref';
import {
  byName,
  layoutDirectory,
  type Color,
  type Item,
  type Layout,
  type LayoutChurch,
  type LayoutFamily,
  type LayoutMember,
  type Page,
  type Paper,
} from './layout';

export type { BookHead, PartOutline };

/** Every typed text of a member (optional ones may be missing): cleaned into a LayoutMember. */
export type PdfMember = Pick<RecordOf<typeof MEMBER_FIELDS>, TextKeys<typeof MEMBER_FIELDS>>;

type FamilyTexts = Pick<RecordOf<typeof FAMILY_FIELDS>, TextKeys<typeof FAMILY_FIELDS>>;

/**
 * A photo as the plan knows it before reading it: its pixel size (the layout keeps its aspect),
 * the objects it takes (a JPEG 1, a PNG 2) and where its bytes come from (`S`: an S3 key for the
 * book job, the bytes themselves for a book made in memory).
 */
export interface PlannedPhoto<S> {
  width: number;
  height: number;
  objects: number;
  source: S;
}

/** A family to print: every typed text, its members, and its photo as the plan knows it. */
export interface BookFamily<S> extends FamilyTexts {
  photo?: PlannedPhoto<S> | null;
  members: PdfMember[];
}

export interface BookInput<S> {
  church: LayoutChurch;
  printedAt: Date;
  paper?: Paper;
  /** Any order: they are printed in surname order. */
  families: BookFamily<S>[];
  /** The cover photo, printed under the church's name; none when absent. */
  cover?: PlannedPhoto<S> | null;
}

/** One part of the book: its pages, as laid out, and what it needs to draw them. */
export interface PartSpec<S> {
  part: number;
  /** The first object number it may use, and how many from there. */
  first: number;
  reserved: number;
  size: readonly [number, number];
  pages: Page[];
  /** The photos its pages draw: [the family's index in print order, its photo]. */
  photos: [number, PlannedPhoto<S>][];
  cover: PlannedPhoto<S> | null;
}

export interface BookPlan<S> {
  layout: Layout;
  /** The families, in the order printed (layout placements refer to these indexes). */
  families: CleanFamily<S>[];
  head: BookHead;
  parts: PartSpec<S>[];
}

/**
 * Pages a part draws: at the church maximum (20,000 families, some 4,100 pages) about twenty
 * parts of some 1,200 photos each, every one far inside a Lambda's time and memory.
 */
export const PAGES_PER_PART = 200;

/** Objects a font takes (fontObjects.ts: Type0, CIDFont, descriptor, program, CIDToGIDMap, ToUnicode). */
const FONT_OBJECTS = 6;
/** Object numbers a part keeps for fonts: every font of the chain, though a part draws with few. */
const FONT_RESERVE = Object.keys(FONT_FILES).length * FONT_OBJECTS;

/** Photos a part fetches at once: enough to hide S3's latency. */
const PHOTO_CONCURRENCY = 24;

/** Fill colours as PDF operands (r g b). */
const COLORS: Record<Color, string> = {
  ink: '0.12 0.13 0.15',
  muted: '0.33 0.35 0.39',
  accent: '0.16 0.32 0.53',
  band: '0.9 0.93 0.97',
  rule: '0.68 0.7 0.74',
};

/**
 * One line of text as it should print: NFC (precomposed letters), single spaces, no control or
 * format characters (bidi overrides could reorder what follows) but the two joiners, which are
 * spelling: ZWNJ in Persian and Indic names, ZWJ in emoji sequences.
 */
export function clean(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = value
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, (found) => found.replace(/[^\u200c\u200d]/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return text || null;
}

/** Each typed text of a record as it should print; a required one is '' rather than null. */
function cleanTexts<F extends Fields>(fields: F, record: Partial<Record<TextKeys<F>, string | null>>) {
  const texts: Record<string, string | null> = {};
  for (const k of textKeys(fields)) {
    const text = clean(record[k]);
    texts[k] = fields[k]!.optional ? text : (text ?? '');
  }
  return texts as Pick<ValuesOf<F>, TextKeys<F>>;
}

/**
 * One page's content stream, written as PDF operators directly. pdf-lib's drawText builds a
 * tree of operator objects per call that lives until the file is saved: for a large church
 * that is over 100 MB of heap and most of the drawing time; a page's operators as one string,
 * compressed at once, are a few KB.
 */
function drawPage(
  context: PDFContext,
  page: PDFPageLeaf,
  items: Item[],
  text: { shaper: TextShaper; fonts: DocumentFonts },
  photos: { families: Map<number, PDFRef>; cover: PDFRef | null },
): number {
  const ops: string[] = [];
  let notdef = 0;
  const fontKeys = new Map<DocumentFont, string>();
  const fontKey = (font: DocumentFont) => {
    let key = fontKeys.get(font);
    if (!key) fontKeys.set(font, (key = page.newFontDictionary(font.face.postscriptName, font.ref).asString()));
    return key;
  };
  for (const item of items) {
    switch (item.kind) {
      case 'text': {
        const line = text.shaper.line(item.text, item.weight);
        notdef += line.notdef;
        ops.push(`${COLORS[item.color]} rg`, lineOps(line, item.x, item.y, item.size, text.fonts, fontKey));
        break;
      }
      case 'photo':
      case 'cover': {
        const photo = item.kind === 'photo' ? photos.families.get(item.image) : photos.cover;
        // One that could not be read or embedded leaves its place empty.
        if (!photo) break;
        const name = page.newXObject('Image', photo).asString();
        ops.push(`q ${n(item.width)} 0 0 ${n(item.height)} ${n(item.x)} ${n(item.y)} cm ${name} Do Q`);
        break;
      }
      case 'rect':
        ops.push(`${COLORS[item.color]} rg ${n(item.x)} ${n(item.y)} ${n(item.width)} ${n(item.height)} re f`);
        break;
      case 'line':
        ops.push(
          `${COLORS[item.color]} RG ${n(item.thickness)} w ${n(item.x1)} ${n(item.y1)} m ${n(item.x2)} ${n(item.y2)} l S`,
        );
        break;
    }
  }
  // Only ASCII here: names, numbers, and text as hex glyph ids and UTF-16.
  page.addContentStream(context.register(flateStream(context, ops.join('\n'))));
  return notdef;
}

/** A family as printed: every text there and cleaned, its photo as planned. */
export type CleanFamily<S> = Omit<LayoutFamily, 'photo' | 'members'> & {
  photo: PlannedPhoto<S> | null;
  members: LayoutMember[];
};

function cleanFamily<S>(family: BookFamily<S>): CleanFamily<S> {
  return {
    ...cleanTexts(FAMILY_FIELDS, family),
    photo: family.photo ?? null,
    members: family.members.map((m) => cleanTexts(MEMBER_FIELDS, m)).sort((a, b) => byName(a.name, b.name)),
  };
}

/** The object numbers a part of `pages` pages drawing `photos` keeps: two a page (the page and its content), each photo's, and every font's. */
export const partObjects = (pages: number, photos: readonly PlannedPhoto<unknown>[]) =>
  pages * 2 + photos.reduce((total, p) => total + p.objects, 0) + FONT_RESERVE;

const frame = (photo: PlannedPhoto<unknown> | null | undefined) =>
  photo && photo.width > 0 && photo.height > 0 ? { width: photo.width, height: photo.height } : null;

/**
 * The whole book laid out (texts cleaned, families in surname order, photos at their planned
 * sizes), its pages cut into parts of `pagesPerPart`, each with the object numbers it may use.
 */
export async function planBook<S>(input: BookInput<S>, pagesPerPart = PAGES_PER_PART): Promise<BookPlan<S>> {
  const church: LayoutChurch = {
    name: clean(input.church.name) ?? 'Directory',
    address: clean(input.church.address),
    city: clean(input.church.city),
    state: clean(input.church.state),
    zip: clean(input.church.zip),
  };
  const families = input.families.map(cleanFamily).sort((a, b) => byName(a.surname, b.surname));
  const cover = frame(input.cover) ? input.cover! : null;
  const shaper = await TextShaper.create();
  const layout = layoutDirectory(
    {
      church,
      printedAt: input.printedAt,
      paper: input.paper ?? 'letter',
      families: families.map((f) => ({ ...f, photo: frame(f.photo) })),
      cover: frame(cover),
    },
    (text, weight, size) => shaper.width(text, weight, size),
  );

  const parts: PartSpec<S>[] = [];
  let first = FIRST_PART_OBJECT;
  for (let at = 0; at < layout.pages.length; at += pagesPerPart) {
    const pages = layout.pages.slice(at, at + pagesPerPart);
    const items = pages.flatMap((p) => p.items);
    const drawn = [...new Set(items.flatMap((i) => (i.kind === 'photo' ? [i.image] : [])))];
    const photos = drawn.map((f): [number, PlannedPhoto<S>] => [f, families[f]!.photo!]);
    const partCover = items.some((i) => i.kind === 'cover') ? cover : null;
    const reserved = partObjects(pages.length, [...photos.map(([, p]) => p), ...(partCover ? [partCover] : [])]);
    parts.push({ part: parts.length, first, reserved, size: layout.size, pages, photos, cover: partCover });
    first += reserved;
  }
  const head: BookHead = {
    title: `${church.name} Directory`,
    subject: 'Church directory',
    printedAt: input.printedAt.toISOString(),
    pages: layout.pages.length,
    objects: first,
  };
  return { layout, families, head, parts };
}

/**
 * An image XObject made straight from the bytes: a JPEG as is (DCTDecode), a PNG as pdf-lib
 * converts it; null for anything else, or bytes that fail to embed.
 */
async function embedPhoto(context: PDFContext, bytes: Uint8Array | null): Promise<PDFRef | null> {
  if (!bytes) return null;
  try {
    const info = jpegInfo(bytes);
    if (info) return context.register(PDFRawStream.of(jpegDict(context, info), bytes));
    if (isPng(bytes)) return await (await PngEmbedder.for(bytes)).embedIntoContext(context);
  } catch {
    // A corrupt or unsupported picture: the family prints without it.
  }
  return null;
}

/** One part drawn: its bytes (as ObjectsStream), what the end needs of it, and what went wrong. */
export interface RenderedPart {
  size: number;
  chunks: AsyncIterable<Uint8Array>;
  outline: PartOutline;
  photosSkipped: number;
  /** Glyphs drawn as .notdef (the font's empty box): characters no font of the chain has. */
  notdefGlyphs: number;
}

/**
 * Draws one part's pages: its photos fetched by `load` (null: not there, or unreadable; its
 * place stays empty), each page a page object under the book's page tree, the fonts' subsets of
 * the glyphs this part draws. Its objects are numbered from the part's first; more than it
 * reserved is an error, never a book with two objects of one number.
 */
export async function renderPart<S>(
  spec: PartSpec<S>,
  load: (source: S) => Promise<Uint8Array | null>,
  /** The shaper that laid the pages out, when this process has it: its lines are shaped already. */
  laidOutWith?: TextShaper,
): Promise<RenderedPart> {
  const context = PDFContext.create();
  context.largestObjectNumber = spec.first - 1;
  let photosSkipped = 0;
  const embed = async (photo: PlannedPhoto<S>) => {
    const ref = await embedPhoto(context, await load(photo.source));
    if (!ref) photosSkipped += 1;
    return ref;
  };
  // Fetched side by side, embedded in page order.
  const loaded = await mapLimit(spec.photos, PHOTO_CONCURRENCY, ([, photo]) => load(photo.source));
  const families = new Map<number, PDFRef>();
  for (const [i, [family]] of spec.photos.entries()) {
    const ref = await embedPhoto(context, loaded[i]!);
    loaded[i] = null;
    if (ref) families.set(family, ref);
    else photosSkipped += 1;
  }
  const cover = spec.cover ? await embed(spec.cover) : null;

  const shaper = laidOutWith ?? (await TextShaper.create());
  const fonts = new DocumentFonts(context);
  const pages: number[] = [];
  let notdefGlyphs = 0;
  for (const pageSpec of spec.pages) {
    const page = PDFPageLeaf.withContextAndParent(context, PAGE_TREE);
    page.set(PDFName.of('MediaBox'), context.obj([0, 0, ...spec.size]));
    pages.push(context.register(page).objectNumber);
    notdefGlyphs += drawPage(context, page, pageSpec.items, { shaper, fonts }, { families, cover });
  }
  // Every glyph is known now: the fonts' subsets are made and written.
  await fonts.embed();
  if (context.largestObjectNumber >= spec.first + spec.reserved)
    throw new Error(
      `Part ${spec.part} used objects up to ${context.largestObjectNumber}, past its ${spec.first + spec.reserved - 1}`,
    );
  const written = writeObjects(context, spec.part === 0 ? PDFHeader.forVersion(1, 7) : null);
  return {
    size: written.size,
    chunks: written.chunks,
    outline: { size: written.size, objects: [...written.offsets], pages },
    photosSkipped,
    notdefGlyphs,
  };
}

/** A family given with its photo's bytes: the book made in memory (tests, the bench's fixture). */
export interface PdfFamily extends FamilyTexts {
  /** A JPEG (or PNG); anything else, or bytes that fail to embed, are skipped. */
  photo?: Uint8Array | null;
  members: PdfMember[];
}

export interface DirectoryPdfInput {
  church: LayoutChurch;
  printedAt: Date;
  paper?: Paper;
  /** Any order: they are printed in surname order. */
  families: PdfFamily[];
  /** The cover photo, printed under the church's name; none when absent. */
  cover?: Uint8Array | null;
}

export interface DirectoryPdf {
  bytes: Uint8Array;
  size: number;
  layout: Layout;
  /** The families, in the order printed (layout placements refer to these indexes). */
  families: CleanFamily<Uint8Array>[];
  /** The parts it was made in. */
  parts: number;
  photosSkipped: number;
  notdefGlyphs: number;
}

/**
 * The whole book in memory, made as the book job makes it (every part, one after the other,
 * then the end): for tests and small documents.
 */
export async function renderDirectoryPdfBytes(
  input: DirectoryPdfInput,
  pagesPerPart = PAGES_PER_PART,
): Promise<DirectoryPdf> {
  let photosSkipped = 0;
  const planned = (bytes: Uint8Array | null | undefined): PlannedPhoto<Uint8Array> | null => {
    if (!bytes) return null;
    const found = photoFrame(bytes);
    if (!found) photosSkipped += 1;
    return found && { ...found, source: bytes };
  };
  const plan = await planBook(
    {
      ...input,
      families: input.families.map((f) => ({ ...f, photo: planned(f.photo) })),
      cover: planned(input.cover),
    },
    pagesPerPart,
  );
  const pieces: Uint8Array[] = [];
  const outlines: PartOutline[] = [];
  let notdefGlyphs = 0;
  for (const spec of plan.parts) {
    const part = await renderPart(spec, async (bytes) => bytes);
    pieces.push(await collect(part));
    outlines.push(part.outline);
    photosSkipped += part.photosSkipped;
    notdefGlyphs += part.notdefGlyphs;
  }
  pieces.push(bookTail(plan.head, outlines));
  const bytes = Buffer.concat(pieces);
  return {
    bytes,
    size: bytes.length,
    layout: plan.layout,
    families: plan.families,
    parts: plan.parts.length,
    photosSkipped,
    notdefGlyphs,
  };
}
