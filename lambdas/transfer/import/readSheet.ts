/**
 * An uploaded file's bytes as a Sheet: an Excel workbook (a zip: checked before it is unpacked)
 * or a text file (CSV, or tab- or semicolon-separated, in UTF-8 or UTF-16). The content decides,
 * not the name, which only picks the message for a file named .xlsx that is no workbook; the first
 * row is the header unless it looks like data (headers.ts).
 */
import { IMPORT_MESSAGES } from '../../contract/imports';
import { readCsv } from './csv';
import { ImportFileError } from './errors';
import { isHeaderRow } from './headers';
import { checkSize, MAX_IMPORT_ROWS, type Sheet, type SheetRow } from './sheet';
import { decodeText } from './text';
import { readXlsx } from './xlsx';
import { isZip } from './zipGuard';

/** Excel 97-2003's compound file signature. */
const isOldExcel = (bytes: Uint8Array) =>
  bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;

async function rowsOf(bytes: Uint8Array, fileName: string, sheetName?: string): Promise<SheetRow[]> {
  if (isZip(bytes)) return readXlsx(bytes, sheetName);
  if (isOldExcel(bytes)) throw new ImportFileError(IMPORT_MESSAGES.oldExcel);
  if (/\.xlsx$/i.test(fileName)) throw new ImportFileError(IMPORT_MESSAGES.damagedWorkbook);
  return readCsv(decodeText(bytes));
}

/** Reads a file's rows. `sheetName`: the worksheet of a workbook to read (its first otherwise); a CSV has one. */
export async function readSheet(bytes: Uint8Array, fileName: string, sheetName?: string): Promise<Sheet> {
  checkSize(bytes);
  const rows = await rowsOf(bytes, fileName, sheetName);
  if (rows.length === 0) throw new ImportFileError(IMPORT_MESSAGES.empty);
  const sheet = isHeaderRow(rows[0]!.cells) ? { header: rows[0]!, rows: rows.slice(1) } : { header: null, rows };
  if (sheet.rows.length > MAX_IMPORT_ROWS) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows(MAX_IMPORT_ROWS));
  return sheet;
}
