/**
 * The printable PDF directory (admins only): the optional request, and the texts the Families page
 * shows, shared by the handler and the page.
 */
import * as z from 'zod/mini';

export const PAPERS = ['letter', 'a4'] as const;
export type PaperSize = (typeof PAPERS)[number];

/** Letter unless A4 is asked for; family photos unless asked to leave them out. */
export const GenerateDirectoryPdfInput = z.object({
  paper: z.optional(z.enum(PAPERS, { error: 'Paper must be letter or a4.' })),
  photos: z.optional(z.boolean({ error: 'Photos must be true or false.' })),
});

/** The choices the Families page offers beside its Download PDF button. */
export const PAPER_LABELS: Record<PaperSize, string> = { letter: 'Letter', a4: 'A4' };
export type GenerateDirectoryPdfInput = z.output<typeof GenerateDirectoryPdfInput>;

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
