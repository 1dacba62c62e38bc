/**
 * The church's directory as a file (issue 31, part 4): administrators start an export, which runs
 * as a job and makes a CSV of every family, member, group and privacy choice in this product's
 * own columns (contract/transfer.ts), the same the import reads. The page follows it and
 * downloads the file through a short-lived link. Every export is recorded: who, when, how many
 * rows. No AWS imports: bundled into the browser too.
 */
import type { BookStatus } from './book';

export type ExportStatus = BookStatus;

/** The file's name when saved. */
export const EXPORT_FILE_NAME = 'church-directory.csv';

/** One export, as listExports and startExport answer it. */
export interface ExportView {
  jobId: string;
  status: ExportStatus;
  /** Who started it (an administrator's e-mail). */
  startedBy: string;
  startedAt: string;
  finishedAt: string | null;
  /** Once SUCCEEDED: what the file holds. */
  counts: ExportCounts | null;
  /** Once SUCCEEDED, for the latest export only: a short-lived download link; null otherwise or once the file expired. */
  url: string | null;
  /** What the page says of it. */
  message: string;
}

export interface ExportCounts {
  rows: number;
  families: number;
  members: number;
  groups: number;
}

export interface ListExportsResult {
  success: true;
  /** The church's latest exports, newest first. */
  exports: ExportView[];
}

export interface StartExportResult {
  success: true;
  /** True when an export was already being made: this start joined it. */
  joined: boolean;
  export: ExportView;
}

/** How long a finished file stays downloadable: the exports bucket deletes `exports/` after it (lib/storage.ts). */
export const EXPORT_KEPT_DAYS = 3;

export const EXPORT_MESSAGES = {
  running: 'Making the file...',
  failed: 'The export failed. Please try again.',
  stopped: 'The export stopped before it finished. Please try again.',
  expired: 'This file is no longer kept. Please export again.',
} as const;

/** What a finished file holds, in words. */
export const exportContents = (c: ExportCounts) =>
  `${c.rows.toLocaleString('en-US')} rows: ${c.families.toLocaleString('en-US')} families, ` +
  `${c.members.toLocaleString('en-US')} members, ${c.groups.toLocaleString('en-US')} groups.`;
