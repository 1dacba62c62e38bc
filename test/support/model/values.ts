/** The values commands are generated with: what a church's administrator types, valid by the form's rules. */
import fc from 'fast-check';
import { unique } from '../fixtures';
import type { FamilyFields, MemberFields } from './church';

const two = (n: number) => String(n).padStart(2, '0');
const mmdd = fc
  .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
  .map(([m, d]) => `${two(m)}/${two(d)}`);

/** Surnames that repeat, in several scripts, so sorting and renames meet ties and accents. */
export const surname = fc.constantFrom(
  'Mensah',
  'Okafor',
  'Smith',
  'Ödegård',
  'Nguyen',
  'García',
  "O'Brien",
  '李',
  'Mensah-Boateng',
);

export const familyFields: fc.Arbitrary<FamilyFields> = fc.record({
  surname,
  street: fc.option(fc.constantFrom('1 Oak Street', '22 Elm Road', '5 Church Lane')),
  city: fc.option(fc.constantFrom('Raleigh', 'Durham', 'Cary')),
  state: fc.option(fc.constantFrom('NC', 'VA', 'SC')),
  zipcode: fc.option(fc.constantFrom('27601', '27601-1234', '27513')),
  phone: fc.option(fc.constantFrom('919-555-0100', '919-555-0199')),
  anniversary: fc.option(mmdd),
});

/** Every member field but the e-mail, which commands choose against the model (fresh, none, or taken). */
export const memberFields: fc.Arbitrary<Omit<MemberFields, 'email'>> = fc.record({
  name: fc.constantFrom('Lydia', 'Ada', 'José', 'Grace', 'Kwame', 'Mei', 'Zoë'),
  birthday: fc.option(mmdd),
  cellphone: fc.option(fc.constantFrom('919-555-0101', '919-555-0102')),
});

/** How a command sets a member's e-mail: none, a fresh address, or one another member already holds. */
export type EmailChoice = { kind: 'none' } | { kind: 'fresh' } | { kind: 'taken'; pick: number };
export const emailChoice: fc.Arbitrary<EmailChoice> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.constant({ kind: 'fresh' as const }),
  fc.nat().map((pick) => ({ kind: 'taken' as const, pick })),
);

export const freshEmail = () => `${unique('member')}@example.org`.toLowerCase();
export const freshGroupName = () => unique('Youth Choir');

/** True about one time in six: the unusual path of a command (a stale version, say). */
export const sometimes = fc.nat({ max: 5 }).map((n) => n === 0);
