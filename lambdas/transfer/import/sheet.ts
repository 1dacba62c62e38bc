/**
 * A file as rows of text cells, whatever it was (CSV or Excel), each with the line it starts on,
 * and its header row told apart from the data: the one shape the rest of the import reads.
 */
import { CHURCH_LIMITS } from '../../core/churchLimits';
import { IMPORT_MESSAGES, MAX_IMPORT_BYTES, MAX_IMPORT_COLUMNS } from '../../contract/imports';
import { ImportFileError } from './errors';

/** A row of the file: its cells as text, and its 1-based line (a CSV record's first line). */
export interface SheetRow {
  line: number;
  cells: string[];
}

/** The header row, if the file has one, and the data rows; blank rows are left out. */
export interface Sheet {
  header: SheetRow | null;
  rows: SheetRow[];
}

/** Data rows one file may hold: a church's member limit (and one header row above it). */
export const MAX_IMPORT_ROWS = CHURCH_LIMITS.memberCount;

/** Collects a reader's rows, refusing as soon as a row is too wide or there are too many. */
export class RowCollector {
  readonly rows: SheetRow[] = [];

  add(line: number, cells: string[]): void {
    if (cells.length > MAX_IMPORT_COLUMNS) throw new ImportFileError(IMPORT_MESSAGES.tooManyColumns(line));
    if (cells.every((cell) => !cell.trim())) return;
    // The first row may be the header, so the limit counts one row more.
    if (this.rows.length > MAX_IMPORT_ROWS) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows(MAX_IMPORT_ROWS));
    this.rows.push({ line, cells });
  }
}

/** Refuses what no reader should open: nothing, or more than the upload takes. */
export function checkSize(bytes: Uint8Array): void {
  if (bytes.length === 0) throw new ImportFileError(IMPORT_MESSAGES.empty);
  if (bytes.length > MAX_IMPORT_BYTES) throw new ImportFileError(IMPORT_MESSAGES.tooLarge);
}
