/**
 * An Excel workbook's sheet as rows: the first worksheet, or the one named (a groups sheet beside
 * the people). The zip is checked before anything is inflated (zipGuard.ts); a row's line is its
 * row number in the sheet.
 */
import ExcelJS from 'exceljs';
import { IMPORT_MESSAGES } from '../../contract/imports';
import { cellText } from './cellText';
import { ImportFileError } from './errors';
import { RowCollector, type SheetRow } from './sheet';
import { checkZip } from './zipGuard';

async function workbookOf(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  checkZip(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    throw new ImportFileError(IMPORT_MESSAGES.damagedWorkbook);
  }
  return workbook;
}

export async function readXlsx(bytes: Uint8Array, sheetName?: string): Promise<SheetRow[]> {
  const workbook = await workbookOf(bytes);
  const sheet = sheetName
    ? workbook.worksheets.find((s) => s.name.trim().toLowerCase() === sheetName.trim().toLowerCase())
    : workbook.worksheets[0];
  if (!sheet) throw new ImportFileError(sheetName ? IMPORT_MESSAGES.sheetMissing(sheetName) : IMPORT_MESSAGES.noSheet);
  const collector = new RowCollector();
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    // row.values is 1-based and sparse: index 0 is never a cell.
    const values = row.values as ExcelJS.CellValue[];
    const cells: string[] = [];
    for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
    collector.add(line, cells);
  });
  return collector.rows;
}
