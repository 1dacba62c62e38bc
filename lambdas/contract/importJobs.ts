/**
 * The import as the Import and Export page drives it (issue 31, parts 2 and 3): the file is
 * uploaded (createImportUpload: a presigned PUT into the exports bucket), checked (checkImport: a
 * job reads the file with the chosen program and columns and plans what it would do: the dry run,
 * nothing written), then written once the administrator confirms (confirmImport: a job, paged,
 * with its progress). The church has one import at a time, its latest (getImport), which the page
 * follows across reloads. The latest import, once written, can be undone (undoImport) while nothing
 * it wrote has changed since. No AWS imports: bundled into the browser too.
 */
import * as z from 'zod/mini';
import { Id } from './directory';
import {
  IMPORT_PRESETS,
  IMPORT_TARGETS,
  MAX_GROUPS_FILES,
  MAX_IMPORT_BYTES,
  type ImportColumn,
  type ImportLineMessage,
  type ImportPresetKey,
  type ImportTarget,
} from './imports';

export type ImportStatus = 'UPLOADED' | 'CHECKING' | 'CHECKED' | 'WRITING' | 'DONE' | 'FAILED' | 'UNDOING' | 'UNDONE';

export const IMPORT_JOB_MESSAGES = {
  fileName: 'Please choose a .csv or .xlsx file.',
  size: `Please choose a file of at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`,
  groupsFiles: `Please choose at most ${MAX_GROUPS_FILES} groups files.`,
  groupsFileName: 'Please choose groups files that are .csv or .xlsx files.',
  groupsFileSize: `Please choose groups files of at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB each.`,
  notFound: 'That import is not the church’s latest. Please upload the file again.',
  busy: 'An import is being checked or written. Please wait until it has finished.',
  notChecked: 'Please check the file before importing it.',
  refused: 'This import cannot be written: please read what the check says.',
  nothing: 'Nothing to import: the directory already holds every family of this file.',
  mapping: 'Please choose what each column holds from the list.',
  checking: 'Reading the file and comparing it with the directory...',
  failed: 'The import failed. Nothing more was written. Please try again.',
  stopped: 'The import stopped before it finished. Please check the file again.',
  notUploaded: 'The file did not arrive. Please upload it again.',
  notDone: 'Only the latest import, once written, can be undone.',
  undoing: 'Undoing the import...',
  undoRefused: (changed: number) =>
    `${changed} ${changed === 1 ? 'family has' : 'families have'} changed since the import, so it can no longer be undone. Nothing was undone.`,
} as const;

/** The file types the upload takes, by the name's ending. */
export const IMPORT_FILE_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** A file input's `accept`: the endings and their types. */
export const IMPORT_FILE_ACCEPT = Object.entries(IMPORT_FILE_TYPES)
  .flatMap(([ending, type]) => [`.${ending}`, type])
  .join(',');

/** A file to upload: its name (a .csv or .xlsx) and exact size, each refused with its own message. */
const importFile = (nameMessage: string, sizeMessage: string) =>
  z.object({
    fileName: z
      .string({ error: nameMessage })
      .check(z.trim(), z.maxLength(255, nameMessage), z.regex(/\.(csv|xlsx)$/i, nameMessage)),
    size: z.int({ error: sizeMessage }).check(z.minimum(1, sizeMessage), z.maximum(MAX_IMPORT_BYTES, sizeMessage)),
  });

/**
 * createImportUpload: the people file, and the groups files of a program that exports its groups
 * apart (IMPORT_PRESETS' groupsFiles), each uploaded, checked and read as the people file is.
 */
export const ImportUploadInput = z.extend(importFile(IMPORT_JOB_MESSAGES.fileName, IMPORT_JOB_MESSAGES.size), {
  groupsFiles: z._default(
    z
      .array(importFile(IMPORT_JOB_MESSAGES.groupsFileName, IMPORT_JOB_MESSAGES.groupsFileSize), {
        error: IMPORT_JOB_MESSAGES.groupsFiles,
      })
      .check(z.maxLength(MAX_GROUPS_FILES, IMPORT_JOB_MESSAGES.groupsFiles)),
    [],
  ),
});
export type ImportUploadInput = z.output<typeof ImportUploadInput>;

/** Where one file goes: PUT its bytes here, with these headers, within a few minutes. */
export interface ImportFileUpload {
  url: string;
  headers: Record<string, string>;
}

export interface ImportUploadResult extends ImportFileUpload {
  success: true;
  import: ImportView;
  /** The groups files', in the order they were given. */
  groupsFiles: ImportFileUpload[];
}

export const ImportParams = z.object({ importId: Id });

const PRESET_KEYS = IMPORT_PRESETS.map((p) => p.key) as [ImportPresetKey, ...ImportPresetKey[]];
const TARGET_KEYS = IMPORT_TARGETS.map((t) => t.key) as [ImportTarget, ...ImportTarget[]];

/** checkImport: the program the file comes from (null: recognised from its headers), the columns chosen by hand, the date order, invitations. */
export const CheckImportInput = z.object({
  preset: z.nullable(z.enum(PRESET_KEYS, { error: 'Please choose where the file comes from.' })),
  /** Column index (as text) to what it holds; null: leave the column out. Only the columns chosen by hand. */
  mapping: z.record(
    z.string().check(z.regex(/^\d{1,3}$/, IMPORT_JOB_MESSAGES.mapping)),
    z.nullable(z.enum(TARGET_KEYS, { error: IMPORT_JOB_MESSAGES.mapping })),
  ),
  dateOrder: z.enum(['mdy', 'dmy'], { error: 'Please choose how the file writes dates.' }),
  /** Mail each new member with an address an invitation to sign up (within the church's daily limit, the rest on the next days). */
  invite: z.boolean({ error: 'Please choose whether to invite the new members.' }),
});
export type CheckImportInput = z.output<typeof CheckImportInput>;

/** What the dry run found: what would be created, updated and left as it is, and every line's problem. */
export interface ImportCheck {
  counts: {
    families: { created: number; updated: number; unchanged: number };
    members: { created: number; updated: number; unchanged: number };
    groups: { created: number };
    /** Members put in groups (a member in two groups counts twice). */
    roles: { added: number };
  };
  /** The groups the import would create, by name (the first ones; counts.groups has them all). */
  newGroups: string[];
  /** The church would pass a size limit: the forms' message; nothing can be written. */
  refusal: string | null;
  /** Set when the columns must be chosen by hand (no header row, two columns of one name). */
  needsMapping: string | null;
  columns: ImportColumn[];
  mapping: { index: number; header: string | null; target: ImportTarget }[];
  /** Rows left out, with their lines (the first ones, with the total). */
  problems: ImportLineMessage[];
  problemCount: number;
  /** Rows read with something left out (a second e-mail, an address another member has). */
  notes: ImportLineMessage[];
  noteCount: number;
  duplicates: { lines: number[]; message: string }[];
  extraColumns: string[];
}

/** The church's latest import, as the page shows it. */
export interface ImportView {
  importId: string;
  status: ImportStatus;
  fileName: string;
  /** The groups files uploaded with it. */
  groupsFiles: string[];
  startedBy: string;
  startedAt: string;
  /** The choices of the last check. */
  options: CheckImportInput | null;
  /** Once checked: the dry run. */
  check: ImportCheck | null;
  /** While written: families written so far of all to write. */
  progress: { done: number; total: number } | null;
  /** Once written: families the church refused, with their lines. */
  refused: ImportLineMessage[];
  /** The church's invitations waiting for the next days' room under the daily cap (any import's). */
  invitationsWaiting: number;
  /** Why the undo asked for was refused (the import stands); null otherwise. */
  undoRefused: string | null;
  /** What the page says: progress, the result, or what went wrong. */
  message: string;
}

export interface GetImportResult {
  success: true;
  /** Null when the church never imported. */
  import: ImportView | null;
}

export interface ImportResult {
  success: true;
  import: ImportView;
}

/** How many line messages an answer carries (the rest are counted). */
export const LINES_SHOWN = 200;

/** Families the checked import would write (created or changed): without any there is nothing to confirm. */
export const familiesToWrite = (check: ImportCheck | null): number =>
  (check?.counts.families.created ?? 0) + (check?.counts.families.updated ?? 0);
