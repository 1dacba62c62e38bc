/**
 * The paper the page offers a church whose administrators never chose its book setting
 * (bookSettings.ts; once chosen, the church's setting is shown): the paper of the church's last
 * book, else the paper of the country the browser says it is in. Churches register with United
 * States addresses, whose paper is Letter (the server's default too); the browser's country only
 * matters for an admin abroad before anyone chose. Letter is the standard in the United States,
 * Canada, Mexico, the Philippines and much of Central and South America; A4 everywhere else.
 */
import type { PaperSize } from '@contract/pdf';

const LETTER_REGIONS = new Set([
  'US',
  'CA',
  'MX',
  'PH',
  'PR',
  'CL',
  'CO',
  'VE',
  'GT',
  'CR',
  'PA',
  'DO',
  'SV',
  'NI',
  'HN',
  'BZ',
]);

/** The region of a language tag ('en-GB' → 'GB'), or null when it names none. */
export function regionOf(languageTag: string): string | null {
  try {
    return new Intl.Locale(languageTag).maximize().region ?? null;
  } catch {
    return null;
  }
}

/** Letter or A4 by country; Letter when the browser names no country. */
export function paperForLanguages(languages: readonly string[]): PaperSize {
  const region = languages.map(regionOf).find((r) => r !== null) ?? null;
  if (region === null) return 'letter';
  return LETTER_REGIONS.has(region) ? 'letter' : 'a4';
}

export function defaultPaper(lastBook: PaperSize | null | undefined): PaperSize {
  if (lastBook) return lastBook;
  const languages = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  return paperForLanguages(languages.filter(Boolean));
}
