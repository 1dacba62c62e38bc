/** A family's address as the member map looks it up and shows it. */
import type { Family } from '../core/entities';

type Address = Pick<Family, 'street' | 'city' | 'state' | 'zipcode'>;

const filled = (value: string | null | undefined) => (value ?? '').trim();

/** One line: "12 Oak Street, Raleigh, NC 27601"; empty without an address. */
export const addressLine = (f: Address) =>
  [filled(f.street), filled(f.city), [filled(f.state), filled(f.zipcode)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

/** "Raleigh, NC": where, not which house (an approximate location's card). */
export const placeLine = (f: Address) => [filled(f.city), filled(f.state)].filter(Boolean).join(', ');

/** A street or a zip code to look up: a city alone would put the family at the city's middle, which says nothing. */
export const locatable = (f: Address) => filled(f.street) !== '' || filled(f.zipcode) !== '';

/** The family's location, when it was looked up for the address it has now. */
export const currentLocation = (f: Family) =>
  f.location && locatable(f) && f.location.address === addressLine(f) ? f.location : null;

/** Its address waits for a lookup: never looked up as it is now, or the service failed the last time. */
export const needsLookup = (f: Family) => {
  if (!locatable(f)) return false;
  const location = currentLocation(f);
  return !location || location.missed === 'failed';
};

/** Geocode's query components: the number apart from the street ("12B Oak Street"), the 5-digit zip code. */
export function queryOf(f: Address) {
  const street = filled(f.street);
  const numbered = /^(\d+[A-Za-z]?(?:-\d+)?)\s+(.+)$/.exec(street);
  const parts = {
    Country: 'USA',
    Region: filled(f.state),
    Locality: filled(f.city),
    PostalCode: filled(f.zipcode).slice(0, 5),
    AddressNumber: numbered?.[1] ?? '',
    Street: numbered?.[2] ?? street,
  };
  return Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== ''));
}
