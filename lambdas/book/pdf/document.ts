/**
 * A short document drawn by the book's pipeline (render.ts) in one part, then ended as the book
 * is (xref.ts): pages already laid out, and the pictures their photo items index, given as bytes.
 * So a study's handout prints every script as the directory does, with the same fonts and
 * shaping. A picture that is no JPEG or PNG, or fails to embed, leaves its place empty.
 */
import { photoFrame } from './images';
import type { Page } from './layout';
import { partObjects, renderPart, type PlannedPhoto } from './render';
import { collect } from './stream';
import type { TextShaper } from './text';
import { bookTail, FIRST_PART_OBJECT } from './xref';

export interface PdfDocumentInput {
  title: string;
  /** What the document is, in its properties ("Bible study handout"). */
  subject: string;
  printedAt: Date;
  size: readonly [number, number];
  pages: Page[];
  /** The pictures the pages' photo items index (null: none there). */
  images: readonly (Uint8Array | null)[];
  /** The shaper that measured the layout: the lines it shaped are drawn without shaping them again. */
  shaper: TextShaper;
}

export interface PdfDocument {
  bytes: Uint8Array;
  /** Pictures drawn nowhere: unreadable, or not a JPEG or PNG. */
  imagesSkipped: number;
  /** Glyphs drawn as .notdef: characters no font of the chain has. */
  notdefGlyphs: number;
}

export async function renderDocument(input: PdfDocumentInput): Promise<PdfDocument> {
  const drawn = new Set(input.pages.flatMap((p) => p.items.flatMap((i) => (i.kind === 'photo' ? [i.image] : []))));
  const photos: [number, PlannedPhoto<Uint8Array>][] = [];
  for (const image of drawn) {
    const bytes = input.images[image];
    const frame = bytes ? photoFrame(bytes) : null;
    if (bytes && frame) photos.push([image, { ...frame, source: bytes }]);
  }
  const reserved = partObjects(
    input.pages.length,
    photos.map(([, p]) => p),
  );
  const part = await renderPart(
    { part: 0, first: FIRST_PART_OBJECT, reserved, size: input.size, pages: input.pages, photos, cover: null },
    async (bytes) => bytes,
    input.shaper,
  );
  const head = {
    title: input.title,
    subject: input.subject,
    printedAt: input.printedAt.toISOString(),
    pages: input.pages.length,
    objects: FIRST_PART_OBJECT + reserved,
  };
  const bytes = Buffer.concat([await collect(part), bookTail(head, [part.outline])]);
  return { bytes, imagesSkipped: drawn.size - photos.length + part.photosSkipped, notdefGlyphs: part.notdefGlyphs };
}
