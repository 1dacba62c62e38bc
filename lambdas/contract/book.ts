/**
 * The printed book as a job (issue 14, part 3): the Families page starts it, follows it (it
 * survives a reload: the page asks for the church's current book) and downloads the finished
 * file, which stays until the next book is made. One book at a time per church: a second start
 * while one runs joins it. No AWS imports: bundled into the browser too.
 */
import * as z from 'zod/mini';
import { MESSAGES, PhotoUploadInput } from './directory';
import { PaperChoice, PhotosChoice, type PaperSize } from './pdf';

export type BookStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED';

/** The church's current (or last) book, as getDirectoryBook and startDirectoryBook answer it. */
export interface BookView {
  /** The run's id: a second start during a run answers the same one. */
  jobId: string;
  status: BookStatus;
  paper: PaperSize;
  photos: boolean;
  startedAt: string;
  finishedAt: string | null;
  /** Pages written so far of the book's total (total 0 until the book is laid out). */
  progress: { pages: number; totalPages: number };
  /** Once SUCCEEDED: a short-lived presigned download that saves as directory.pdf; null when there was nothing to print. */
  url: string | null;
  /** What the page says: progress, the result, or what went wrong. */
  message: string;
  error: string | null;
}

/** The book's cover photo as the page shows it: a presigned read of its screen rendition, and its size. */
export interface BookCoverView {
  /** The stored photo's key: sent back unchanged to keep it. */
  photo: string;
  url: string;
  width: number;
  height: number;
}

/** The church's book setting: what its administrators chose for every book (saved on the church). */
export interface BookSettings {
  paper: PaperSize;
  photos: boolean;
  /** Printed on the cover under the church's name; null: none. */
  cover: BookCoverView | null;
}

/**
 * setBookSettings: paper and photos, each checked with the message the page shows, and the
 * cover: left out, kept as it is; null, removed; a photo key, that photo (uploaded with
 * createBookCoverUpload and checked by the photo pipeline).
 */
export const BookSettingsInput = z.object({
  paper: PaperChoice,
  photos: PhotosChoice,
  coverPhoto: z.optional(z.nullable(z.string({ error: MESSAGES.image }).check(z.maxLength(2048, MESSAGES.image)))),
});
export type BookSettingsInput = z.output<typeof BookSettingsInput>;

export interface GetDirectoryBookResult {
  success: true;
  /** Null when the church never made a book. */
  book: BookView | null;
  /** Null when its administrators never chose (the page then offers the paper of the browser's country). */
  settings: BookSettings | null;
}

/** createBookCoverUpload: the photo's type and exact size, as for a family photo. */
export const BookCoverUploadInput = z.omit(PhotoUploadInput, { familyId: true });

export interface SetBookSettingsResult {
  success: true;
  settings: BookSettings;
}

export interface StartDirectoryBookResult {
  success: true;
  /** True when a book was already being made: this start joined it (its options are the first start's). */
  joined: boolean;
  book: BookView;
}

export const BOOK_MESSAGES = {
  preparing: 'Preparing your directory...',
  failed: 'Error: Could not generate PDF.',
  stopped: 'The book stopped before it was finished. Please try again.',
} as const;

/** "Preparing your directory: page 40 of 194..." (before the book is laid out, without pages). */
export const bookProgressText = (pages: number, totalPages: number) =>
  totalPages > 0
    ? `Preparing your directory: page ${Math.min(pages, totalPages)} of ${totalPages}...`
    : BOOK_MESSAGES.preparing;
