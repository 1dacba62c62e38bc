/**
 * An address as the directory keeps it: a street (a second address line joined to it), a city,
 * a US state (2 letters) and zip code, and no country. Spreadsheets drop a zip's leading zero
 * (02134 becomes 2134), so four digits get it back, and nine digits get the zip+4 dash. An
 * address outside the US keeps its street and city; its province and postal code are kept only
 * if they fit a US state and zip code, and the note says the country is not kept.
 */
const US = new Set(['', 'us', 'usa', 'united states', 'united states of america', 'america', 'u.s.', 'u.s.a.']);

export const isUsCountry = (country: string) => US.has(country.trim().toLowerCase());

export const joinedStreet = (street: string, street2: string) =>
  [street.trim(), street2.trim()].filter(Boolean).join(', ');

export function repairedZip(zip: string): string {
  const text = zip.trim();
  if (/^\d{4}$/.test(text)) return `0${text}`;
  if (/^\d{9}$/.test(text)) return `${text.slice(0, 5)}-${text.slice(5)}`;
  return text;
}

/** The note for an address outside the US: what is left out. */
export const foreignAddressNote = (country: string, leftOut: string[]) =>
  `the address is in ${country.trim()}: the directory keeps no country and only US states and zip codes${
    leftOut.length
      ? `, so ${leftOut.map((v) => `"${v}"`).join(' and ')} ${leftOut.length > 1 ? 'are' : 'is'} left empty`
      : ''
  }.`;
