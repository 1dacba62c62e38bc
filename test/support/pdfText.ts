/** Reading a PDF back as text with pdftotext (Debian's poppler-utils), as a person copying from it would. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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
