/**
 * A cell through the field's own rule (contract/directory.ts FAMILY_FIELDS, MEMBER_FIELDS), so a
 * bad value gets the message its form gives. What a bad value does depends on the field:
 * - a person's first name, the family's surname, an e-mail, a birthday or an anniversary: the row
 *   is a problem and left out. A name is who the row is; an e-mail is how the person signs in and
 *   how the importer finds them again; a date the file wrote wrong would otherwise be lost
 *   without anyone noticing;
 * - an address detail or a phone: left empty, with a note. It can be added later, and a foreign
 *   address or an old phone format should not cost the whole person.
 */
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../../contract/directory';
import { firstMessage } from '../../contract/fields';

const FIELDS = { ...FAMILY_FIELDS, ...MEMBER_FIELDS };
export type FieldKey = keyof typeof FIELDS;

/** The fields whose bad value leaves the row out. */
const ROW_FIELDS: ReadonlySet<FieldKey> = new Set(['name', 'surname', 'email', 'birthday', 'anniversary']);

export type Checked = { value: string | null } | { problem: string } | { note: string };

export function checkedValue(key: FieldKey, cell: string | null): Checked {
  // The common case, an empty optional cell, skips the rule: a large file has many.
  if (!cell && FIELDS[key].optional) return { value: null };
  const result = FIELDS[key].rule.safeParse(cell ?? '');
  if (result.success) return { value: result.data as string | null };
  const message = firstMessage(result.error);
  if (ROW_FIELDS.has(key)) return { problem: message };
  return { note: `${message} The ${FIELDS[key].label.toLowerCase()} "${cell}" is left empty.` };
}
