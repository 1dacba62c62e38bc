/**
 * Moving a church's directory in and out (issue 31): the columns of this product's own file, which
 * the export writes and the import reads, derived from the one field declaration
 * (contract/directory.ts), so a new field is a new column of both. One row per member, with its
 * family's columns; a family without members is one row with the member's columns empty.
 * No AWS imports: bundled into the browser (the import's column mapping names these).
 */
import { FAMILY_FIELDS, MEMBER_FIELDS } from './directory';
import { keysOf, textKeys } from './entity';
import {
  FAMILY_SHARED,
  FAMILY_SHARED_KEYS,
  LEVELS,
  MEMBER_SHARED,
  MEMBER_SHARED_KEYS,
  type FamilyShared,
  type Level,
  type MemberShared,
} from './privacy';

/** A family's typed details (its photo is a stored file, not a cell). */
export const FAMILY_COLUMN_FIELDS = textKeys(FAMILY_FIELDS);
export const MEMBER_COLUMN_FIELDS = keysOf(MEMBER_FIELDS);

/** What the file says of a level; an empty cell is the church's default. */
export const LEVEL_WORDS: Record<Level, string> = { everyone: 'Everyone', groups: 'Groups', admins: 'Admins' };

/** A level cell read back: the export's words or the level's own name, any case; '' is the church's default. */
export function levelOfWord(cell: string): Level | null | undefined {
  const word = cell.trim().toLowerCase();
  if (!word) return null;
  return LEVELS.find((level) => level === word || LEVEL_WORDS[level].toLowerCase() === word);
}

export const privacyColumn = (label: string) => `${label} Privacy`;

/**
 * One column of the file: which part of the record it holds. `family`/`member`: a declared field;
 * `familyLevel`/`memberLevel`: who may see a shared detail; the rest: ids, the family's place in
 * the directory and the member's groups (one per line, with the role's label on the same line of
 * `groupRoles`).
 */
export type Column =
  | { header: string; holds: 'familyId' | 'listed' | 'approximate' | 'memberId' | 'groups' | 'groupRoles' }
  | { header: string; holds: 'family'; field: (typeof FAMILY_COLUMN_FIELDS)[number] }
  | { header: string; holds: 'member'; field: (typeof MEMBER_COLUMN_FIELDS)[number] }
  | { header: string; holds: 'familyLevel'; shared: FamilyShared }
  | { header: string; holds: 'memberLevel'; shared: MemberShared };

/** The file's columns, in order. */
export const COLUMNS: readonly Column[] = [
  { header: 'Family ID', holds: 'familyId' },
  ...FAMILY_COLUMN_FIELDS.map((field) => ({ header: FAMILY_FIELDS[field].label, holds: 'family' as const, field })),
  { header: 'In Directory', holds: 'listed' },
  { header: 'Map Location', holds: 'approximate' },
  ...FAMILY_SHARED_KEYS.map((shared) => ({
    header: privacyColumn(FAMILY_SHARED[shared].label),
    holds: 'familyLevel' as const,
    shared,
  })),
  { header: 'Member ID', holds: 'memberId' },
  ...MEMBER_COLUMN_FIELDS.map((field) => ({ header: MEMBER_FIELDS[field].label, holds: 'member' as const, field })),
  ...MEMBER_SHARED_KEYS.map((shared) => ({
    header: privacyColumn(MEMBER_SHARED[shared].label),
    holds: 'memberLevel' as const,
    shared,
  })),
  { header: 'Groups', holds: 'groups' },
  { header: 'Group Roles', holds: 'groupRoles' },
];

export const HEADERS = COLUMNS.map((c) => c.header);

/** The "Map Location" cell: a family shown on the member map near its address, not at it, says Approximate. */
export const MAP_LOCATION_WORDS = { exact: 'Exact', approximate: 'Approximate' } as const;

/** The "In Directory" cell: a family left out of the directory says No. */
export const LISTED_WORDS = { yes: 'Yes', no: 'No' } as const;
