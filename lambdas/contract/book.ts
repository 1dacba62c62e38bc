/**
 * The printed book as a job (issue 14, part 3): the Families page starts it, follows it (it
 * survives a reload: the page asks for the church's current book) and downloads the finished
 * file, which stays until the next book is made. One book at a time per church: a second start
 * while one runs joins it. No AWS imports: bundled into the browser too.
 */
import type { PaperSize } from './pdf';

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

export interface GetDirectoryBookResult {
  success: true;
  /** Null when the church never made a book. */
  book: BookView | null;
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
