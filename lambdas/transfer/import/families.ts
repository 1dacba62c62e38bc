/**
 * Rows into families. A family is the rows that share the file's family id (Breeze's Family ID,
 * Planning Center's Household ID, ours); without one, the rows of one household name, else of
 * one last name, at one address (street and zip, compared without case, spaces or punctuation),
 * so a household of several surnames stays together when the file names the household. With no
 * address either, rows of one name make one family only where they follow each other, as
 * exports list a household. Members are ordered by role (the head first, the file's order among
 * equals); the family's details are the head's, filled from the next rows; its surname is the
 * household's name, else the head's last name. Rows of one family that disagree on a detail (the
 * same id at two addresses) are reported as duplicates.
 */
import { FAMILY_FIELDS, MESSAGES } from '../../contract/directory';
import type { ImportFamily, ImportLineMessage } from '../../contract/imports';
import { FAMILY_COLUMN_FIELDS } from '../../contract/transfer';
import { headerKey } from './headers';
import { importedId } from './ids';
import type { FamilyValues, RowReading } from './rows';
import { checkedValue } from './values';

const addressKey = (reading: RowReading) =>
  headerKey(reading.family.street ?? '') + '|' + (reading.family.zipcode ?? '').slice(0, 5);

/** Groups rows by family, in the order each family is first met. */
export class FamilyGrouper {
  private readonly families = new Map<string, RowReading[]>();
  private run = 0;
  private lastName = '';

  add(reading: RowReading): void {
    const key = this.keyOf(reading);
    const rows = this.families.get(key);
    if (rows) rows.push(reading);
    else this.families.set(key, [reading]);
  }

  private keyOf(reading: RowReading): string {
    if (reading.familyFileId) return `id:${reading.familyFileId}`;
    const name = headerKey(reading.householdName || reading.lastName);
    const address = addressKey(reading);
    if (address !== '|') return `name:${name}|${address}`;
    if (name !== this.lastName) [this.run, this.lastName] = [this.run + 1, name];
    return `run:${this.run}|${name}`;
  }

  groups(): RowReading[][] {
    return [...this.families.values()];
  }
}

export interface Built {
  family: ImportFamily | null;
  problems: ImportLineMessage[];
  conflict: { lines: number[]; message: string } | null;
}

const at = (line: number, text: string): ImportLineMessage => ({ line, message: `line ${line}: ${text}` });

/** One family from its rows; `idPrefix` as ids.ts takes it. */
export function buildFamily(rows: RowReading[], idPrefix: string | null): Built {
  const ordered = [...rows].sort((a, b) => (a.member?.rank ?? 9) - (b.member?.rank ?? 9));
  const head = ordered[0]!;
  const surnameCell = ordered.find((r) => r.householdName)?.householdName ?? head.lastName;
  const surname = checkedValue('surname', surnameCell);
  if (!('value' in surname)) {
    const message = 'problem' in surname ? surname.problem : MESSAGES.surnameRequired;
    return { family: null, problems: rows.map((r) => at(r.line, message)), conflict: null };
  }
  const fields = { surname: surname.value } as FamilyValues;
  const differing: (typeof FAMILY_COLUMN_FIELDS)[number][] = [];
  for (const field of FAMILY_COLUMN_FIELDS) {
    if (field === 'surname') continue;
    const values = [...new Set(ordered.map((r) => r.family[field]).filter((v): v is string => !!v))];
    fields[field] = values[0] ?? null;
    if (values.length > 1) differing.push(field);
  }
  const id = importedId(idPrefix, head.familyFileId);
  const lines = rows.map((r) => r.line);
  return {
    family: {
      id,
      line: head.line,
      fields,
      listed: ordered.find((r) => r.listed !== null)?.listed ?? true,
      approximate: ordered.find((r) => r.approximate !== null)?.approximate ?? false,
      privacy: Object.assign({}, ...[...ordered].reverse().map((r) => r.familyPrivacy)),
      members: ordered.flatMap((r) =>
        r.member
          ? [
              {
                id: importedId(idPrefix, r.member.fileId),
                line: r.line,
                fields: r.member.fields,
                privacy: r.member.privacy,
                groups: r.member.groups,
              },
            ]
          : [],
      ),
    },
    problems: [],
    conflict: differing.length
      ? {
          lines,
          message: `The family ${fields.surname}${head.familyFileId ? ` (${head.familyFileId})` : ''} is on lines ${lines.join(', ')} with different ${differing.map((f) => FAMILY_FIELDS[f].label.toLowerCase()).join(', ')}.`,
        }
      : null,
  };
}
