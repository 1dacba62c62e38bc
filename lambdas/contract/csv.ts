/**
 * Rows as a CSV file a spreadsheet opens right (the church's export, a history's download in the
 * browser): UTF-8 with a byte-order mark (so accented and non-Latin names are not read as another
 * encoding), CRLF line ends, cells quoted where they hold a comma, quote or line break (papaparse
 * writes it). A cell that a spreadsheet would run as a formula (it starts with =, +, - or @, or a
 * tab or carriage return) starts with an apostrophe instead; so does one that already started with
 * apostrophes before such a character, so the import takes exactly one away (`unescapeCell`) and
 * every value comes back.
 */
import Papa from 'papaparse';

/** A cell a spreadsheet would run, after any apostrophes this escape put before it. */
const FORMULA = /^'*[=+\-@\t\r]/;

export const BOM = '\uFEFF';

export function toCsv(header: readonly string[], rows: readonly string[][]): string {
  return BOM + Papa.unparse([header, ...rows], { escapeFormulae: FORMULA, newline: '\r\n' }) + '\r\n';
}

/** A cell of this product's own file as it was before the export escaped it. */
export const unescapeCell = (cell: string) => (FORMULA.test(cell) && cell.startsWith("'") ? cell.slice(1) : cell);
