/** Reading a PDF back as text with pdftotext (Debian's poppler-utils), as a person copying from it would. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bidiFactory from 'bidi-js';

const dir = mkdtempSync(path.join(tmpdir(), 'pdf-text-'));

/** The text pdftotext reads (`raw`: in drawing order, one index entry per line), whitespace collapsed. */
export function pdfText(bytes: Uint8Array, page?: number, raw = false): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const pages = page ? ['-f', String(page), '-l', String(page)] : [];
  return execFileSync('pdftotext', [...(raw ? ['-raw'] : []), ...pages, '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
  }).replace(/\s+/g, ' ');
}

const bidi = bidiFactory();

/**
 * Text as it shows, left to right, to compare what pdftotext reads with what was typed. Poppler
 * writes a line in display order with only its right-to-left letters turned back to reading
 * order (between RLE and PDF marks), so digits stay where they show: 'דוד 2' comes back as
 * '2 ‫דוד‬', which shows exactly as 'דוד 2' does. Invisible characters (a Persian name's ZWNJ,
 * the marks) are left out: they copy as nothing.
 */
export function asShown(text: string): string {
  return text
    .split('\n')
    .map((line) => bidi.getReorderedString(line, bidi.getEmbeddingLevels(line, 'ltr')))
    .join('\n')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .replace(/\s+/g, ' ');
}
