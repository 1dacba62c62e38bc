/**
 * A Bible study's PDF, checked by the photo pipeline before any study may hold it, as a photo is
 * decoded before a family may: from the bytes, never from what the browser said they were. A PDF
 * must open (pdf-lib reads its structure) and have pages; one locked by a password is refused,
 * since its readers could not open it either.
 */
import { PDFDocument } from 'pdf-lib';
import { ATTACHMENT_MESSAGES } from '../contract/studies';
import type { PixelSize } from './photo-sizes';

/** The bytes are not a PDF a study can hold: the reason, as the writer reads it. */
export class NotAPdf extends Error {}

export interface CheckedPdf {
  pages: number;
  /** The first page's size in points. */
  size: PixelSize;
}

/** PDF 32000 7.5.2: the header is the file's first line; readers accept it within the first KB. */
const HEADER_WITHIN = 1024;

export async function checkPdf(bytes: Uint8Array): Promise<CheckedPdf> {
  if (!Buffer.from(bytes.subarray(0, HEADER_WITHIN)).includes('%PDF-')) throw new NotAPdf(ATTACHMENT_MESSAGES.notAPdf);
  let document: PDFDocument;
  let pages: number;
  let size: PixelSize;
  try {
    // Opened even when locked, to tell the writer so (pdf-lib's own refusal is no class `instanceof` knows).
    document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    pages = document.getPageCount();
    const first = pages > 0 ? document.getPage(0).getSize() : null;
    size = { width: Math.round(first?.width ?? 0), height: Math.round(first?.height ?? 0) };
  } catch (error) {
    // A header with no document behind it fails anywhere in here (no catalog, no page tree).
    throw new NotAPdf(ATTACHMENT_MESSAGES.notAPdf, { cause: error });
  }
  if (document.isEncrypted) throw new NotAPdf(ATTACHMENT_MESSAGES.locked);
  if (pages === 0) throw new NotAPdf(ATTACHMENT_MESSAGES.notAPdf);
  return { pages, size };
}
