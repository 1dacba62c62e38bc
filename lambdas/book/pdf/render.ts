/**
 * The printable directory as a PDF (pdf-lib): photos embedded as the bytes given (a JPEG is
 * never re-encoded), text shaped by HarfBuzz in the Noto fallback chain (text.ts) and drawn in
 * subsets of those fonts, so names in any script print as written and copy back as typed.
 * No AWS here: the handler fetches the data and stores the file.
 */
import { PDFDocument, PDFRawStream, PngEmbedder, type PDFPage, type PDFRef } from 'pdf-lib';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../../contract/directory';
import { textKeys, type Fields, type RecordOf, type TextKeys, type ValuesOf } from '../../contract/entity';
import { flateStream } from './flate';
import { DocumentFonts, type DocumentFont } from './fontObjects';
import { TextShaper } from './text';
import { lineOps, n } from './textOps';
import { isPng, jpegDict, jpegInfo, LazyStream, type LazyPhoto } from './images';
import { collect, streamPdf, type PdfStream } from './stream';
import {
  byName,
  layoutDirectory,
  type Color,
  type Item,
  type Layout,
  type LayoutChurch,
  type LayoutFamily,
  type LayoutMember,
  type Paper,
} from './layout';

/** Every typed text of a member (optional ones may be missing): cleaned into a LayoutMember. */
export type PdfMember = Pick<RecordOf<typeof MEMBER_FIELDS>, TextKeys<typeof MEMBER_FIELDS>>;

/** Every typed text of a family, its photo and its members: cleaned into a LayoutFamily. */
export interface PdfFamily extends Pick<RecordOf<typeof FAMILY_FIELDS>, TextKeys<typeof FAMILY_FIELDS>> {
  /**
   * The stored photo: its bytes (JPEG, or PNG), or a JPEG given lazily (images.ts: its bytes are
   * fetched while the file is written). Anything else, or bytes that fail to embed, are skipped.
   * Taken over by the renderer: it sets this to null once embedded, so that nothing but the
   * document holds the bytes and they are freed as the file is written.
   */
  photo?: Uint8Array | LazyPhoto | null;
  members: PdfMember[];
}

export interface DirectoryPdfInput {
  church: LayoutChurch;
  printedAt: Date;
  paper?: Paper;
  /** Any order: they are printed in surname order. */
  families: PdfFamily[];
  /** The cover photo, printed under the church's name (as a family's photo is given); none when absent. */
  cover?: Uint8Array | LazyPhoto | null;
}

export interface DirectoryPdf extends PdfStream {
  layout: Layout;
  /** The families, in the order printed (layout placements refer to these indexes). */
  families: PdfFamily[];
  photosSkipped: number;
  /** Glyphs drawn as .notdef (the font's empty box): characters no font of the chain has. */
  notdefGlyphs: number;
}

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

/** A family as printed: every text there and cleaned, the photo not yet embedded. */
type CleanFamily = Omit<LayoutFamily, 'photo' | 'members'> & Pick<PdfFamily, 'photo'> & { members: LayoutMember[] };

function cleanFamily(family: PdfFamily): CleanFamily {
  return {
    ...cleanTexts(FAMILY_FIELDS, family),
    photo: family.photo ?? null,
    members: family.members.map((m) => cleanTexts(MEMBER_FIELDS, m)).sort((a, b) => byName(a.name, b.name)),
  };
}

interface Photo {
  ref: PDFRef;
  width: number;
  height: number;
}

/**
 * An image XObject made straight from the bytes: a JPEG as is (DCTDecode), given now or lazily;
 * a PNG as pdf-lib converts it. Not doc.embedJpg: the PDFImage it returns keeps the bytes for
 * the document's lifetime, while only the XObject holding them lets the writer free them.
 */
async function embedPhoto(doc: PDFDocument, photo: Uint8Array | LazyPhoto | null | undefined): Promise<Photo | null> {
  if (!photo) return null;
  try {
    if (!(photo instanceof Uint8Array)) {
      const info = jpegInfo(photo.head);
      if (!info || !(photo.size > 0)) return null;
      return {
        ref: doc.context.register(new LazyStream(jpegDict(doc.context, info), photo.size, photo.load)),
        ...info,
      };
    }
    const info = jpegInfo(photo);
    if (info) return { ref: doc.context.register(PDFRawStream.of(jpegDict(doc.context, info), photo)), ...info };
    if (isPng(photo)) {
      const png = await PngEmbedder.for(photo);
      return { ref: await png.embedIntoContext(doc.context), width: png.width, height: png.height };
    }
  } catch {
    // A corrupt or unsupported picture: the family prints without it.
  }
  return null;
}

/**
 * One page's content stream, written as PDF operators directly. pdf-lib's drawText builds a
 * tree of operator objects per call that lives until the file is saved: for a large church
 * that is over 100 MB of heap and most of the drawing time; a page's operators as one string,
 * compressed at once, are a few KB.
 */
function drawPage(
  doc: PDFDocument,
  page: PDFPage,
  items: Item[],
  text: { shaper: TextShaper; fonts: DocumentFonts },
  photos: { families: (Photo | null)[]; cover: Photo | null },
): number {
  const ops: string[] = [];
  let notdef = 0;
  const fontKeys = new Map<DocumentFont, string>();
  const fontKey = (font: DocumentFont) => {
    let key = fontKeys.get(font);
    if (!key) fontKeys.set(font, (key = page.node.newFontDictionary(font.face.postscriptName, font.ref).asString()));
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
        const photo = item.kind === 'photo' ? photos.families[item.family] : photos.cover;
        if (!photo) break;
        const name = page.node.newXObject('Image', photo.ref).asString();
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
  page.node.addContentStream(doc.context.register(flateStream(doc.context, ops.join('\n'))));
  return notdef;
}

export async function renderDirectoryPdf(input: DirectoryPdfInput): Promise<DirectoryPdf> {
  const church: LayoutChurch = {
    name: clean(input.church.name) ?? 'Directory',
    address: clean(input.church.address),
    city: clean(input.church.city),
    state: clean(input.church.state),
    zip: clean(input.church.zip),
  };
  const families = input.families.map(cleanFamily).sort((a, b) => byName(a.surname, b.surname));

  const doc = await PDFDocument.create();
  doc.setTitle(`${church.name} Directory`);
  doc.setSubject('Church directory');
  doc.setCreator('Church Directory');
  doc.setProducer('Church Directory (pdf-lib)');
  doc.setCreationDate(input.printedAt);
  doc.setModificationDate(input.printedAt);

  const photos: (Photo | null)[] = [];
  let photosSkipped = 0;
  for (const family of families) {
    const photo = await embedPhoto(doc, family.photo);
    if (family.photo && !photo) photosSkipped += 1;
    photos.push(photo);
    family.photo = null;
  }
  for (const family of input.families) family.photo = null;
  const cover = await embedPhoto(doc, input.cover);
  if (input.cover && !cover) photosSkipped += 1;
  input.cover = null;

  const shaper = await TextShaper.create();
  const fonts = new DocumentFonts(doc.context);

  const layout = layoutDirectory(
    {
      church,
      printedAt: input.printedAt,
      paper: input.paper ?? 'letter',
      families: families.map((f, i) => ({
        ...f,
        photo: photos[i] ? { width: photos[i].width, height: photos[i].height } : null,
      })),
      cover: cover ? { width: cover.width, height: cover.height } : null,
    },
    (text, weight, size) => shaper.width(text, weight, size),
  );

  let notdefGlyphs = 0;
  for (const spec of layout.pages) {
    const page = doc.addPage([...layout.size]);
    notdefGlyphs += drawPage(doc, page, spec.items, { shaper, fonts }, { families: photos, cover });
  }
  // Every glyph is known now: the fonts' subsets are made and written.
  await fonts.embed();
  await doc.flush();
  return { ...(await streamPdf(doc.context)), layout, families, photosSkipped, notdefGlyphs };
}

/** The same, as one buffer: for tests and small documents. */
export async function renderDirectoryPdfBytes(
  input: DirectoryPdfInput,
): Promise<Omit<DirectoryPdf, 'chunks'> & { bytes: Uint8Array }> {
  const { chunks, ...pdf } = await renderDirectoryPdf(input);
  return { ...pdf, bytes: await collect({ size: pdf.size, chunks }) };
}
