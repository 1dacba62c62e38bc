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
