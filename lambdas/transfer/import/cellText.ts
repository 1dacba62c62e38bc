/**
 * An Excel cell as the text a CSV of it would hold: a date as its ISO date (yyyy-mm-dd, the day
 * the sheet shows: exceljs reads a date cell as that day at midnight UTC), a number without the
 * float noise of its binary form (0.1 + 0.2 is 0.3, as Excel shows it, to 15 digits), a formula as
 * its result as the file last saved it (never evaluated), rich text and links as their text, an
 * error (#N/A) as nothing.
 */
import type { CellValue } from 'exceljs';

const isoDate = (date: Date) =>
  Number.isNaN(date.getTime())
    ? ''
    : `${String(date.getUTCFullYear()).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;

/** Excel keeps 15 significant digits; more is the float's noise. */
const plainNumber = (n: number) => (Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(15))));

export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return plainNumber(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return isoDate(value);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result ?? null);
  if ('hyperlink' in value) return cellText(value.text as CellValue);
  return '';
}
