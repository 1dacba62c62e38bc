/**
 * A CSV file's text as rows, by papaparse (quotes, quoted line breaks, CRLF or LF or CR; comma,
 * semicolon, tab or pipe between cells), a record at a time so a too wide or too long
 * file stops at once. A record that spans lines (a quoted address with a line break) reports the
 * line it starts on, as a spreadsheet program numbers them. The delimiter is the one the first
 * line uses most (papaparse's own guess misses a tab-separated file of few rows).
 */
import Papa from 'papaparse';
import { IMPORT_MESSAGES } from '../../contract/imports';
import { ImportFileError } from './errors';
import { RowCollector, type SheetRow } from './sheet';

/** Line breaks in text[from, to): the line feeds, or the carriage returns of a CR-only file. */
function breaksIn(text: string, from: number, to: number, linebreak: string): number {
  const mark = linebreak === '\r' ? '\r' : '\n';
  let count = 0;
  for (let at = text.indexOf(mark, from); at !== -1 && at < to; at = text.indexOf(mark, at + 1)) count++;
  return count;
}

const DELIMITERS = [',', ';', '\t', '|'];

function delimiterOf(text: string): string {
  const end = text.search(/[\r\n]/);
  const firstLine = end === -1 ? text : text.slice(0, end);
  const count = (d: string) => firstLine.split(d).length;
  return DELIMITERS.reduce((best, d) => (count(d) > count(best) ? d : best));
}

export function readCsv(text: string): SheetRow[] {
  const collector = new RowCollector();
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    delimiter: delimiterOf(text),
    step: (result) => {
      // The cursor is just past the record and its line break: where the next record starts.
      const end = result.meta.cursor;
      const quoteError = result.errors.find((e) => e.type === 'Quotes');
      if (quoteError) throw new ImportFileError(IMPORT_MESSAGES.unclosedQuote(line));
      collector.add(line, result.data);
      line += breaksIn(text, start, end, result.meta.linebreak);
      start = end;
    },
  });
  return collector.rows;
}
