/**
 * A birthday or anniversary as the directory keeps it: month and day, MM/DD (contract/fields.ts
 * MM_DD); the year is not kept. Read: ISO dates (1980-05-13, also with Breeze's year 0000 and a
 * time after), an Excel date cell (cellText.ts gives its ISO date), dates with slashes, dots or
 * dashes with or without a year (Breeze's 05/13/0000, Planning Center's 1885 for "no year"), in
 * the church's order (`mdy`: 05/13; `dmy`: 13/05), and month names in English ("May 13",
 * "13 May 1980", "Sept. 3"). The order is never guessed from the date: 13/05/1980 read month
 * first is not a date, and says so, rather than becoming May 13 in one row and a wrong day in the
 * next. A year alone gives no month and day: left empty, with a note. An impossible day (04/31,
 * 13/40) is not a date; February 29 is one.
 */
import type { DateOrder } from '../../contract/imports';

export type MonthDay = { value: string | null } | { problem: string } | { note: string };

const MONTH_NAMES = 'january february march april may june july august september october november december'.split(' ');
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Month words, full or abbreviated ("Sep", "Sept"), by their number. */
const MONTH_WORDS = new Map<string, number>([['sept', 9]]);
for (const [index, name] of MONTH_NAMES.entries()) {
  MONTH_WORDS.set(name, index + 1);
  MONTH_WORDS.set(name.slice(0, 3), index + 1);
}

/** A month's number from its English name ("Sept.", "september"), else 0 (no month). */
export const monthOfName = (name: string) => MONTH_WORDS.get(name.toLowerCase().replace(/\.$/, '')) ?? 0;

const pad = (n: number) => String(n).padStart(2, '0');

/** MM/DD when the month and day make a date, else null. */
export function monthDay(month: number, day: number): string | null {
  if (!Number.isInteger(month) || !Number.isInteger(day) || month < 1 || month > 12) return null;
  return day >= 1 && day <= DAYS_IN_MONTH[month - 1]! ? `${pad(month)}/${pad(day)}` : null;
}

/** The month and day a written date names, or null when it names none or is no date. */
function partsOf(text: string, order: DateOrder): [number, number] | null | 'year' {
  let m: RegExpMatchArray | null;
  if ((m = text.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+Z?)?$/))) return [Number(m[2]), Number(m[3])];
  if ((m = text.match(/^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2}|\d{4}))?$/)))
    return order === 'mdy' ? [Number(m[1]), Number(m[2])] : [Number(m[2]), Number(m[1])];
  if ((m = text.match(/^([A-Za-z]+\.?)\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+\d{4})?$/)))
    return [monthOfName(m[1]!), Number(m[2])];
  if ((m = text.match(/^(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]+\.?)(?:,?\s+\d{4})?$/)))
    return [monthOfName(m[2]!), Number(m[1])];
  if (/^\d{4}$/.test(text)) return 'year';
  return null;
}

const ORDER_WORDS: Record<DateOrder, string> = { mdy: 'month/day/year', dmy: 'day/month/year' };

/** A cell as MM/DD. `label` names the field in the message ("birthday"). */
export function monthDayOf(cell: string, label: string, order: DateOrder): MonthDay {
  const text = cell.trim();
  if (!text) return { value: null };
  const parts = partsOf(text, order);
  if (parts === 'year') return { note: `${label} ${text} has no month and day; left empty.` };
  const value = parts && monthDay(parts[0], parts[1]);
  if (value) return { value };
  const withSlashes = /^\d{1,2}[/.-]\d{1,2}/.test(text);
  return {
    problem: `${label} ${text} is not a date${withSlashes ? ` (dates are read as ${ORDER_WORDS[order]})` : ''}.`,
  };
}
