/**
 * Importing a church's directory from a file (issue 31): what the upload may be, the programs
 * whose files we know, the places a column can go, the messages a refused file gets, and the
 * answer the dry run shows. The reading itself is on the server (lambdas/transfer/import/).
 * No AWS imports: bundled into the browser (the upload's check, the column mapping screen).
 */
import { FAMILY_FIELDS, MEMBER_FIELDS } from './directory';
import type { FamilyFields, MemberFields } from './directory';
import type { Choices, FamilyShared, MemberShared } from './privacy';
import { COLUMNS, FAMILY_COLUMN_FIELDS, MEMBER_COLUMN_FIELDS, type Column } from './transfer';

/** The largest file the upload takes: a 100,000-member CSV is about 15 MB. */
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
/** Columns a row may have: every program's export has well under 100; more is not a directory. */
export const MAX_IMPORT_COLUMNS = 200;

/**
 * The programs whose files we know: the column names they write, how they name families and roles.
 * `groupsFiles`: what a program that exports its groups apart from its people gives them in (the
 * page then offers groups files beside the people file: transfer/import/groups.ts reads them).
 */
export const IMPORT_PRESETS = [
  { key: 'ours', name: 'This directory (its own export)', groupsFiles: null },
  { key: 'planningCenter', name: 'Planning Center People', groupsFiles: null },
  { key: 'breeze', name: 'Breeze / Tithe.ly ChMS', groupsFiles: 'its tags export (Person ID and Tag Name)' },
  { key: 'churchCrm', name: 'ChurchCRM', groupsFiles: null },
  { key: 'churchApps', name: 'ChurchApps (B1)', groupsFiles: 'groups.csv and groupmembers.csv from its export' },
  { key: 'other', name: 'Another program or a spreadsheet', groupsFiles: null },
] as const;
export type ImportPresetKey = (typeof IMPORT_PRESETS)[number]['key'];

/** Groups files one import takes beside its people file: ChurchApps gives two (its groups and their members). */
export const MAX_GROUPS_FILES = 3;

/** The order of a date written with slashes: the church's country (04/05 is April 5 or May 4). */
export type DateOrder = 'mdy' | 'dmy';

/** Where a column can go beside this product's own columns (contract/transfer.ts). */
const OTHER_TARGETS = {
  lastName: "Last Name (the family's surname when the file gives no household name)",
  role: 'Family Role (head, spouse, child...)',
  primary: 'Household Primary Contact (yes/no)',
  street2: 'Address Line 2',
  country: 'Country',
  birthMonth: 'Birth Month',
  birthDay: 'Birth Day',
  birthYear: 'Birth Year',
} as const;

/**
 * A place a column can go: `family.<field>` and `member.<field>` (the declared fields),
 * `familyLevel.<level>` and `memberLevel.<level>` (who may see a detail), the ids, the
 * directory listing, the groups, and the helpers above (a last name, a role, a split date...).
 */
export type ImportTarget =
  | Extract<Column['holds'], 'familyId' | 'listed' | 'approximate' | 'memberId' | 'groups' | 'groupRoles'>
  | `family.${(typeof FAMILY_COLUMN_FIELDS)[number]}`
  | `member.${(typeof MEMBER_COLUMN_FIELDS)[number]}`
  | `familyLevel.${FamilyShared}`
  | `memberLevel.${MemberShared}`
  | keyof typeof OTHER_TARGETS;

/** The target of a column of this product's own file. */
export function targetOfColumn(column: Column): ImportTarget {
  if (column.holds === 'family') return `family.${column.field}`;
  if (column.holds === 'member') return `member.${column.field}`;
  if (column.holds === 'familyLevel') return `familyLevel.${column.shared}`;
  if (column.holds === 'memberLevel') return `memberLevel.${column.shared}`;
  return column.holds;
}

/** What the mapping screen offers, in the order of this product's own file, then the helpers. */
export const IMPORT_TARGETS: readonly { key: ImportTarget; label: string }[] = [
  ...COLUMNS.map((column) => ({ key: targetOfColumn(column), label: column.header })),
  ...Object.entries(OTHER_TARGETS).map(([key, label]) => ({ key: key as ImportTarget, label })),
];

export const IMPORT_MESSAGES = {
  empty: 'This file is empty. Please choose the file your directory was exported to.',
  tooLarge: `This file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Please split it, or remove columns the directory does not need.`,
  unreadable:
    'This file is not a CSV or Excel file we can read. Please save it from your spreadsheet program as "CSV UTF-8" or as an Excel workbook (.xlsx).',
  oldExcel:
    'This is an Excel 97-2003 workbook (.xls), which we cannot read. Please save it as an Excel workbook (.xlsx) or as "CSV UTF-8".',
  damagedWorkbook:
    'This Excel file is damaged or is not a workbook. Please open it in your spreadsheet program and save it again as .xlsx.',
  workbookTooBig:
    'This Excel file unpacks to far more than a directory holds, so we did not open it. Please save the directory as "CSV UTF-8".',
  noSheet: 'This Excel file has no worksheet to read.',
  tooManyColumns: (line: number) =>
    `Line ${line} has more than ${MAX_IMPORT_COLUMNS} columns, more than a directory has. Please check that this is the right file.`,
  unclosedQuote: (line: number) =>
    `Line ${line}: a quoted cell is never closed (a " is missing), so the rest of the file cannot be read. Please fix that cell and save the file again.`,
  tooManyRows: (limit: number) =>
    `This file has more than ${limit.toLocaleString('en-US')} rows, the most one church may list. Please split it, or remove rows of people who are not in the church.`,
  needsMapping:
    'This file has no row of column names. Please choose, for each column, what it holds (first name, e-mail...).',
  duplicateHeader: (header: string) =>
    `The file has more than one column named "${header}". Please choose which one to use, or rename one.`,
  sheetMissing: (name: string) => `This Excel file has no worksheet named "${name}".`,
} as const;

/** A line of the file and what is wrong there, or what was left out. */
export interface ImportLineMessage {
  line: number;
  message: string;
}

/** A member to import: its file's id made ours (or null), its values, levels and groups. */
export interface ImportMember {
  id: string | null;
  line: number;
  fields: MemberFields;
  privacy: Choices<MemberShared>;
  groups: { groupName: string; label: string | null }[];
}

/** A family to import, its members in the order the directory lists them (the head first). */
export interface ImportFamily {
  id: string | null;
  line: number;
  fields: Omit<FamilyFields, 'photo'>;
  listed: boolean;
  /** Shown on the member map near its address, not at it. */
  approximate: boolean;
  privacy: Choices<FamilyShared>;
  members: ImportMember[];
}

/** A column of the file: its header (null in a file without one) and the first few values. */
export interface ImportColumn {
  index: number;
  header: string | null;
  samples: string[];
}

/** What reading a file gave: what to import, and everything the dry run shows about it. */
export interface ImportReading {
  /** Set when the columns must be chosen by hand first (no header row, two columns of one name): then nothing was read. */
  needsMapping: string | null;
  columns: ImportColumn[];
  /** The mapping used: each column that was read and its target. */
  mapping: { index: number; header: string | null; target: ImportTarget }[];
  families: ImportFamily[];
  /** Every group a member is put in, once, in the order first met. */
  groups: string[];
  /** Rows left out: a required value missing or a value that cannot be right. */
  problems: ImportLineMessage[];
  /** Rows read with something left out or changed (an unreadable zip, a second e-mail). */
  notes: ImportLineMessage[];
  /** The same person or family more than once in the file. */
  duplicates: { lines: number[]; message: string }[];
  /** Headers of the columns the directory has no place for: left out. */
  extraColumns: string[];
}

/** Field labels for messages: "Birthday", "Zip Code". */
export const labelOfField = (field: string) =>
  (FAMILY_FIELDS as Record<string, { label: string }>)[field]?.label ??
  (MEMBER_FIELDS as Record<string, { label: string }>)[field]?.label ??
  field;
