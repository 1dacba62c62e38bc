/**
 * Which target a header names: compared without case, spaces, punctuation or accents ("E-mail",
 * "Email Address" and "EMAIL" are one), from this product's own headers and the names the other
 * programs' files use (presets.ts lists where each comes from). A header no entry names is a
 * column the directory has no place for.
 */
import { COLUMNS } from '../../contract/transfer';
import { targetOfColumn, type ImportTarget } from '../../contract/imports';

/** A header as compared: lower case, letters and digits only, accents off. */
export const headerKey = (header: string) =>
  header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Other names of a target. Given Name (Planning Center's formal first name) and the work phone
 * and e-mail are left out on purpose: the directory keeps the name people go by and one
 * cellphone and e-mail.
 */
const SYNONYMS: Partial<Record<ImportTarget, readonly string[]>> = {
  familyId: ['Household ID', 'Fam ID', 'Household Key', 'Family Number'],
  memberId: ['Person ID', 'Breeze ID', 'importKey', 'Individual ID', 'ChMS People ID'],
  groups: ['Tags', 'Group Names', 'Group'],
  'family.surname': ['Household Name', 'Family Name', 'Family', 'Household', 'householdName', 'Family Last Name'],
  'family.street': [
    'Street',
    'Address',
    'Address 1',
    'Address Line 1',
    'Home Address Street Line 1',
    'Mailing Address',
    'address1',
  ],
  'family.city': ['Home Address City', 'Town'],
  'family.state': ['Home Address State', 'Province', 'State/Province', 'Region'],
  'family.zipcode': ['Zip', 'Postal Code', 'Postcode', 'Home Address Zip Code', 'Zip/Postal Code', 'Zip Code'],
  'family.phone': ['Phone', 'Home', 'Home Phone Number', 'Telephone', 'Landline', 'homePhone'],
  'family.anniversary': ['Wedding Date', 'Anniversary Date', 'AnnivDate'],
  'member.name': ['First', 'Forename', 'firstName'],
  'member.birthday': ['Birthdate', 'Birth Date', 'Date of Birth', 'DOB', 'birthDate'],
  'member.cellphone': [
    'Cell',
    'Cell Phone',
    'Mobile',
    'Mobile Phone',
    'Mobile Phone Number',
    'Cell Phone Number',
    'Mobile Number',
    'mobilePhone',
  ],
  'member.email': ['Email', 'E-mail', 'Home Email', 'Personal Email', 'Primary Email', 'Email 1'],
  lastName: ['Last Name', 'Surname', 'lastName'],
  role: ['Family Role', 'Household Role', 'Role', 'Relationship', 'householdRole', 'Family Position'],
  primary: ['Household Primary Contact', 'Primary Contact', 'Head of Household'],
  street2: ['Address 2', 'Address Line 2', 'Home Address Street Line 2', 'address2'],
  country: ['Country', 'Home Address Country', 'Country Code'],
  birthMonth: ['Birth Month', 'Birthday Month'],
  birthDay: ['Birth Day of Month', 'Birthday Day'],
  birthYear: ['Birth Year', 'Year of Birth'],
};

/** Every known header, by its key. Our own headers first: "Email Address" is ours before it is a synonym. */
const KNOWN = new Map<string, ImportTarget>();
for (const column of COLUMNS) KNOWN.set(headerKey(column.header), targetOfColumn(column));
for (const [target, names] of Object.entries(SYNONYMS)) {
  for (const name of names ?? []) if (!KNOWN.has(headerKey(name))) KNOWN.set(headerKey(name), target as ImportTarget);
}

/** The target a header names, if any. */
export const targetOfHeader = (header: string): ImportTarget | undefined => KNOWN.get(headerKey(header));

/**
 * Whether a first row is a header: some cell names a target, or, when none does, no cell looks
 * like data (an e-mail address or a digit: a date, a phone, a zip), so it is a header of
 * unknown names, which the mapping screen shows as they are.
 */
export function isHeaderRow(cells: readonly string[]): boolean {
  if (cells.some((cell) => targetOfHeader(cell) !== undefined)) return true;
  return !cells.some((cell) => /[@\d]/.test(cell));
}
