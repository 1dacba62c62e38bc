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

/**
 * The names pdftotext's text (`raw`, lines kept) does not give back as typed. Poppler writes a
 * line in display order with its right-to-left letters turned back to reading order between RLE
 * and PDF marks, so digits beside right-to-left letters stay where they show ('2 דוד' for
 * 'דוד 2'): such a name counts when each of its words is on one line. Invisible characters
 * (joiners, which a right-to-left name copies as nothing, and poppler's marks) are left out.
 */
export function namesNotReadBack(raw: string, names: readonly string[]): string[] {
  const invisible = /[\p{Default_Ignorable_Code_Point}\u202a-\u202e]/gu;
  const lines = raw.replace(invisible, '').split('\n');
  const text = lines.join(' ').replace(/\s+/g, ' ');
  return names.filter((name) => {
    const typed = name.replace(invisible, '');
    if (!/\p{Nd}/u.test(typed)) return !text.includes(typed);
    return !lines.some((line) => typed.split(' ').every((word) => line.includes(word)));
  });
}
