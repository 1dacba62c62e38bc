/**
 * The end of a book made in parts (render.ts): the document's own objects (catalog, page tree,
 * information), the cross-reference table and the trailer, written once every part is, from
 * each part's size and its objects' offsets. One classic cross-reference section from object 0:
 * every number up to the highest, a number a part reserved but did not use listed as free (the
 * free list linked through them, PDF 32000 7.5.4), so each part numbers its objects without
 * knowing how many the others use.
 */
import { PDFContext, PDFHexString, PDFRef, PDFString, type PDFObject } from 'pdf-lib';

/** The objects every book has, numbered before any part's. */
export const CATALOG = PDFRef.of(1);
export const PAGE_TREE = PDFRef.of(2);
export const INFO = PDFRef.of(3);
/** The first object number parts may use. */
export const FIRST_PART_OBJECT = 4;

/** What the end needs of the book as a whole. */
export interface BookHead {
  title: string;
  /** What the document is: the book's 'Church directory', a study's 'Bible study handout'. */
  subject: string;
  /** ISO date: the book's creation and modification date. */
  printedAt: string;
  pages: number;
  /** One more than the highest object number any part may use. */
  objects: number;
}

/** What the end needs of one part: its bytes, its objects and its pages. */
export interface PartOutline {
  /** The part's length in bytes. */
  size: number;
  /** The part's objects: [object number, offset from the part's first byte]. */
  objects: [number, number][];
  /** The object numbers of its pages, in order. */
  pages: number[];
}

function serialize(ref: PDFRef, object: PDFObject): string {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return `${ref.objectNumber} 0 obj\n${Buffer.from(bytes).toString('latin1')}\nendobj\n\n`;
}

const entry = (offset: number, generation: number, kind: 'n' | 'f') =>
  `${String(offset).padStart(10, '0')} ${String(generation).padStart(5, '0')} ${kind} \n`;

/** The book's last bytes, to follow its parts in order. */
export function bookTail(head: BookHead, parts: PartOutline[]): Uint8Array {
  const context = PDFContext.create();
  const printed = new Date(head.printedAt);
  const pages = parts.flatMap((p) => p.pages.map((n) => PDFRef.of(n)));
  if (pages.length !== head.pages) throw new Error(`${pages.length} pages in the parts, ${head.pages} planned`);
  const own: [PDFRef, PDFObject][] = [
    [CATALOG, context.obj({ Type: 'Catalog', Pages: PAGE_TREE })],
    [PAGE_TREE, context.obj({ Type: 'Pages', Kids: pages, Count: pages.length })],
    [
      INFO,
      context.obj({
        Title: PDFHexString.fromText(head.title),
        Subject: PDFHexString.fromText(head.subject),
        Creator: PDFHexString.fromText('Church Directory'),
        Producer: PDFHexString.fromText('Church Directory (pdf-lib)'),
        CreationDate: PDFString.fromDate(printed),
        ModDate: PDFString.fromDate(printed),
      }),
    ],
  ];

  const offsets = new Array<number>(head.objects).fill(-1);
  let at = 0;
  for (const part of parts) {
    for (const [number, offset] of part.objects) {
      if (number < FIRST_PART_OBJECT || number >= head.objects || offsets[number] !== -1)
        throw new Error(`Object ${number} out of its part's range, or numbered twice`);
      offsets[number] = at + offset;
    }
    at += part.size;
  }
  let body = '';
  for (const [ref, object] of own) {
    offsets[ref.objectNumber] = at + body.length;
    body += serialize(ref, object);
  }
  const xrefAt = at + body.length;

  // Free numbers, each pointing at the next, the last back at 0 (object 0 heads the list).
  const free = offsets.flatMap((offset, number) => (number > 0 && offset === -1 ? [number] : []));
  const lines = [`xref\n0 ${head.objects}\n`, entry(free[0] ?? 0, 65535, 'f')];
  let nextFree = 1;
  for (let number = 1; number < head.objects; number++) {
    const offset = offsets[number]!;
    lines.push(offset === -1 ? entry(free[nextFree++] ?? 0, 0, 'f') : entry(offset, 0, 'n'));
  }
  const trailer = context.obj({ Size: head.objects, Root: CATALOG, Info: INFO });
  const trailerBytes = new Uint8Array(trailer.sizeInBytes());
  trailer.copyBytesInto(trailerBytes, 0);
  // Every byte ASCII: the offsets above count characters as bytes.
  return Buffer.from(
    `${body}${lines.join('')}trailer\n${Buffer.from(trailerBytes).toString('latin1')}\nstartxref\n${xrefAt}\n%%EOF`,
    'latin1',
  );
}
