/**
 * One row of the file as a member and its family's details: each cell through its field's rule
 * (values.ts), dates (dates.ts), address repairs (address.ts), levels and the listing (contract/
 * transfer.ts levelOfWord, LISTED_WORDS, MAP_LOCATION_WORDS), groups (groups.ts). A row is a problem (left out) when
 * it has no first name where it has a member's details, or a value of a field that leaves the
 * row out is wrong; a row with only a family's details (our own file's family without members)
 * is that family.
 */
import { FAMILY_FIELDS, MEMBER_FIELDS, type FamilyFields, type MemberFields } from '../../contract/directory';
import type { DateOrder, ImportTarget } from '../../contract/imports';
import type { Choices, FamilyShared, MemberShared } from '../../contract/privacy';
import { FAMILY_COLUMN_FIELDS, levelOfWord, MAP_LOCATION_WORDS, MEMBER_COLUMN_FIELDS } from '../../contract/transfer';
import { FAMILY_SHARED_KEYS, MEMBER_SHARED_KEYS } from '../../contract/privacy';
import { foreignAddressNote, isUsCountry, joinedStreet, repairedZip } from './address';
import { monthDay, monthDayOf, monthOfName } from './dates';
import { groupsOfCells, type MemberGroup } from './groups';
import { isNo, isYes, rankOfRole } from './roles';
import type { SheetRow } from './sheet';
import { checkedValue, type FieldKey } from './values';
import { unescapeCell } from '../../contract/csv';

export type FamilyValues = Omit<FamilyFields, 'photo'>;

export interface RowMember {
  fileId: string;
  fields: MemberFields;
  privacy: Choices<MemberShared>;
  groups: MemberGroup[];
  rank: number;
}

export interface RowReading {
  line: number;
  familyFileId: string;
  /** The household's name as the file gives it, else the person's last name. */
  householdName: string;
  lastName: string;
  family: Partial<FamilyValues>;
  listed: boolean | null;
  approximate: boolean | null;
  familyPrivacy: Choices<FamilyShared>;
  member: RowMember | null;
}

export type RowResult = { reading: RowReading; notes: string[] } | { problem: string; notes: string[] };

const MEMBER_TARGETS: ImportTarget[] = [
  'memberId',
  'groups',
  'birthMonth',
  'birthDay',
  ...MEMBER_COLUMN_FIELDS.map((f) => `member.${f}` as const),
];

const labelOf = (key: FieldKey) => ({ ...FAMILY_FIELDS, ...MEMBER_FIELDS })[key].label.toLowerCase();

/** What reading one row gathers: its problems (the first is reported) and notes. */
class RowContext {
  readonly notes: string[] = [];
  readonly problems: string[] = [];

  /** A cell through its field's rule: the value, or null with the problem or note recorded. */
  take(key: FieldKey, cell: string): string | null {
    const checked = checkedValue(key, cell);
    if ('problem' in checked) this.problems.push(checked.problem);
    if ('note' in checked) this.notes.push(checked.note);
    return 'value' in checked ? checked.value : null;
  }
}

export class RowReader {
  constructor(
    private readonly columnOf: ReadonlyMap<ImportTarget, number>,
    private readonly dateOrder: DateOrder,
    private readonly ownFile: boolean,
  ) {}

  /** The cell of a target; in our own file, as it was before the export escaped it (contract/csv.ts). */
  private cell(row: SheetRow, target: ImportTarget): string {
    const index = this.columnOf.get(target);
    const text = index === undefined ? '' : (row.cells[index] ?? '');
    return (this.ownFile ? unescapeCell(text) : text).trim();
  }

  /**
   * Our own file's row of a group without members: its name in Groups and nothing else. The
   * names, or null for any other row.
   */
  groupsOnly(row: SheetRow): string[] | null {
    if (!this.ownFile) return null;
    for (const target of this.columnOf.keys())
      if (target !== 'groups' && target !== 'groupRoles' && this.cell(row, target)) return null;
    const groups = groupsOfCells(this.cell(row, 'groups'), '', true, []).map((g) => g.groupName);
    return groups.length ? groups : null;
  }

  read(row: SheetRow): RowResult {
    const context = new RowContext();
    const family = this.familyOf(row, context);
    const hasMember = MEMBER_TARGETS.some((target) => this.cell(row, target));
    const member = hasMember ? this.memberOf(row, context) : null;
    const { notes, problems } = context;
    if (problems.length) return { problem: problems[0]!, notes };
    return {
      reading: {
        line: row.line,
        familyFileId: this.cell(row, 'familyId'),
        householdName: this.cell(row, 'family.surname'),
        lastName: this.cell(row, 'lastName'),
        family,
        listed: this.listedOf(row, notes),
        approximate: this.approximateOf(row, notes),
        familyPrivacy: this.levelsOf(row, 'familyLevel', FAMILY_SHARED_KEYS, notes),
        member,
      },
      notes,
    };
  }

  private familyOf(row: SheetRow, context: RowContext) {
    const family: Partial<FamilyValues> = {};
    const country = this.cell(row, 'country');
    const foreign = !isUsCountry(country);
    const foreignLeftOut: string[] = [];
    for (const field of FAMILY_COLUMN_FIELDS) {
      if (field === 'surname') continue;
      let cell = this.cell(row, `family.${field}`);
      if (field === 'street') cell = joinedStreet(cell, this.cell(row, 'street2'));
      if (field === 'zipcode' && !foreign) cell = repairedZip(cell);
      if (field === 'anniversary') family.anniversary = this.dateOf(cell, 'anniversary', context);
      else if (foreign && (field === 'state' || field === 'zipcode')) {
        const checked = checkedValue(field, cell);
        if ('value' in checked) family[field] = checked.value;
        else foreignLeftOut.push(cell);
      } else family[field] = context.take(field, cell);
    }
    if (foreign) context.notes.push(foreignAddressNote(country, foreignLeftOut));
    return family;
  }

  private memberOf(row: SheetRow, context: RowContext): RowMember {
    const fields = {} as MemberFields;
    for (const field of MEMBER_COLUMN_FIELDS) {
      const cell = this.cell(row, `member.${field}`);
      if (field === 'birthday') fields.birthday = this.birthdayOf(row, cell, context);
      else if (field === 'email') fields.email = context.take('email', this.firstEmail(cell, context.notes));
      else (fields as Record<string, string | null>)[field] = context.take(field, cell);
    }
    const groups = groupsOfCells(this.cell(row, 'groups'), this.cell(row, 'groupRoles'), this.ownFile, context.notes);
    const primary = this.cell(row, 'primary');
    return {
      fileId: this.cell(row, 'memberId'),
      fields,
      privacy: this.levelsOf(row, 'memberLevel', MEMBER_SHARED_KEYS, context.notes),
      groups,
      rank: isYes(primary) ? -1 : rankOfRole(this.cell(row, 'role')) + (isNo(primary) ? 0.5 : 0),
    };
  }

  /** The first valid e-mail of a cell holding several; the others are noted as left out. */
  private firstEmail(cell: string, notes: string[]): string {
    const emails = cell.split(/[\s,;]+/).filter(Boolean);
    if (emails.length <= 1) return cell;
    const kept = emails.find((e) => 'value' in checkedValue('email', e)) ?? emails[0]!;
    const others = emails.filter((e) => e !== kept);
    notes.push(`the directory keeps one e-mail per person: ${kept} is kept and ${others.join(', ')} left out.`);
    return kept;
  }

  private dateOf(cell: string, key: 'birthday' | 'anniversary', context: RowContext): string | null {
    const read = monthDayOf(cell, labelOf(key), this.dateOrder);
    if ('note' in read) context.notes.push(read.note);
    if ('problem' in read) context.problems.push(read.problem);
    return 'value' in read ? context.take(key, read.value ?? '') : null;
  }

  /** A birthday from its own cell, else from month, day and year cells (a year alone is noted). */
  private birthdayOf(row: SheetRow, cell: string, context: RowContext): string | null {
    if (cell) return this.dateOf(cell, 'birthday', context);
    const [month, day, year] = (['birthMonth', 'birthDay', 'birthYear'] as const).map((t) => this.cell(row, t));
    if (!month && !day) {
      if (year) context.notes.push(`birthday ${year} has no month and day; left empty.`);
      return null;
    }
    const value = monthDay(/^\d+$/.test(month!) ? Number(month) : monthOfName(month!), Number(day));
    if (!value) context.problems.push(`birthday ${[month, day, year].filter(Boolean).join(' ')} is not a date.`);
    return value;
  }

  private listedOf(row: SheetRow, notes: string[]): boolean | null {
    const cell = this.cell(row, 'listed');
    if (!cell) return null;
    if (isYes(cell)) return true;
    if (isNo(cell)) return false;
    notes.push(`"${cell}" is not Yes or No for In Directory; the family is listed.`);
    return null;
  }

  private approximateOf(row: SheetRow, notes: string[]): boolean | null {
    const cell = this.cell(row, 'approximate');
    if (!cell) return null;
    const word = cell.trim().toLowerCase();
    if (word === MAP_LOCATION_WORDS.approximate.toLowerCase()) return true;
    if (word === MAP_LOCATION_WORDS.exact.toLowerCase()) return false;
    notes.push(`"${cell}" is not Exact or Approximate for Map Location; the family is shown at its address.`);
    return null;
  }

  private levelsOf<K extends string>(
    row: SheetRow,
    prefix: 'familyLevel' | 'memberLevel',
    keys: readonly K[],
    notes: string[],
  ): Choices<K> {
    const levels: Choices<K> = {};
    for (const key of keys) {
      const cell = this.cell(row, `${prefix}.${key}` as ImportTarget);
      const level = levelOfWord(cell);
      if (level) levels[key] = level;
      else if (level === undefined)
        notes.push(`"${cell}" is not a privacy level (Everyone, Groups, Admins); the church's default applies.`);
    }
    return levels;
  }
}
