/**
 * The printed book (admins only): its paper and photos choices, and the texts the Families page
 * shows, shared by the handlers and the page.
 */
import * as z from 'zod/mini';

export const PAPERS = ['letter', 'a4'] as const;
export type PaperSize = (typeof PAPERS)[number];

/** A book's choices, each with the message the page shows for a bad one. */
export const PaperChoice = z.enum(PAPERS, { error: 'Paper must be letter or a4.' });
export const PhotosChoice = z.boolean({ error: 'Photos must be true or false.' });

/** startDirectoryBook: the book's paper and photos; either left out is the church's book setting (contract/book.ts). */
export const StartDirectoryBookInput = z.object({
  paper: z.optional(PaperChoice),
  photos: z.optional(PhotosChoice),
});

/** The choices the Families page offers beside its Download PDF button. */
export const PAPER_LABELS: Record<PaperSize, string> = { letter: 'Letter', a4: 'A4' };
export type StartDirectoryBookInput = z.output<typeof StartDirectoryBookInput>;

export const PDF_MESSAGES = {
  busy: 'Generating...',
  generated: 'PDF generated. Preparing download...',
  started: 'PDF download started!',
  empty: 'Directory generation complete, but no families or members were found to include.',
  /** After 'Error: ' when the server gave no message. */
  serverFailed: 'PDF generation failed on the server.',
  couldNot: 'Error: Could not generate PDF.',
} as const;

/** The name the browser saves the file under. */
export const PDF_FILE_NAME = 'directory.pdf';
