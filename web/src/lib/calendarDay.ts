/**
 * A calendar day in the reader's language (a Bible study session's date, on the study pages and
 * the dashboard). Apart from format.ts, which the first load holds (the offline banner's time).
 */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day ('YYYY-MM-DD', a Bible study session's date) in the reader's language, e.g.
 * 'Sun, Dec 6, 2026' in en-US: the day as written, whatever the reader's time zone. Text that is
 * no such day shows as it is; blank when missing.
 */
export function calendarDay(value: string | null | undefined, locale?: string): string {
  if (!value) return '';
  const match = CALENDAR_DAY.exec(value);
  const date = match && new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (!date || date.toISOString().slice(0, 10) !== value) return value;
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
