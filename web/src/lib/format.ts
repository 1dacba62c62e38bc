const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** date-fns 'PP p' in en-US, e.g. 'Nov 21, 2026, 4:05 PM'. Blank when the date is missing or invalid. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  // Newer ICU puts a narrow no-break space before AM/PM; date-fns uses a plain space.
  return dateTime.format(date).replace(/[\u202f\u00a0]/g, ' ');
}

/*
 * Birthdays and anniversaries are 'MM/DD' text, shown by these rules:
 *   - not MM/DD-shaped (free text, empty, null) -> blank;
 *   - shaped but month not 1-12 or day not 1-31 -> the raw text, trimmed;
 *   - otherwise the list ('MM/dd'), detail ('MMM d') or dashboard ('MMMM d') form.
 */
const MONTH_DAY = /^(\d{1,2})\/(\d{1,2})$/;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

type MonthDay = { kind: 'blank' } | { kind: 'raw'; text: string } | { kind: 'date'; month: number; day: number };

function monthDay(value: string | null | undefined): MonthDay {
  if (typeof value !== 'string') return { kind: 'blank' };
  const text = value.trim();
  const match = MONTH_DAY.exec(text);
  if (!match) return { kind: 'blank' };
  const month = Number(match[1]);
  const day = Number(match[2]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return { kind: 'raw', text };
  return { kind: 'date', month, day };
}

const two = (n: number) => String(n).padStart(2, '0');

/** Lists: 'MM/dd', e.g. '11/05'. */
export function listDate(value: string | null | undefined): string {
  const md = monthDay(value);
  return md.kind === 'date' ? `${two(md.month)}/${two(md.day)}` : md.kind === 'raw' ? md.text : '';
}

/** Family detail: 'MMM d', e.g. 'Nov 5'. */
export function shortDate(value: string | null | undefined): string {
  const md = monthDay(value);
  return md.kind === 'date' ? `${MONTHS[md.month - 1]!.slice(0, 3)} ${md.day}` : md.kind === 'raw' ? md.text : '';
}

/** Dashboard: 'MMMM d', e.g. 'November 5'. */
export function longDate(value: string | null | undefined): string {
  const md = monthDay(value);
  return md.kind === 'date' ? `${MONTHS[md.month - 1]} ${md.day}` : md.kind === 'raw' ? md.text : '';
}
