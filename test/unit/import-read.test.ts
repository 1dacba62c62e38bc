/**
 * Reading an uploaded file (lambdas/transfer/import/readSheet.ts): CSV as spreadsheet programs
 * save it, Excel workbooks, and hostile files refused with their message and nothing else.
 */
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, MAX_IMPORT_BYTES } from '../../lambdas/contract/imports';
import { ImportFileError } from '../../lambdas/transfer/import/errors';
import { readSheet } from '../../lambdas/transfer/import/readSheet';
import { MAX_IMPORT_ROWS } from '../../lambdas/transfer/import/sheet';

const text = (s: string) => new TextEncoder().encode(s);
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url)));

async function refusal(bytes: Uint8Array, name = 'file.csv'): Promise<string> {
  const error = await readSheet(bytes, name).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return (error as Error).message;
}

/** A zip of one stored or deflated entry, sizes as given (a bomb declares less than it holds). */
function zipOf(name: string, data: Uint8Array, declared = data.length): Uint8Array {
  const packed = deflateRawSync(data);
  const nameBytes = text(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + nameBytes.length, 12);
  end.writeUInt32LE(30 + nameBytes.length + packed.length, 16);
  return Buffer.concat([local, nameBytes, packed, central, nameBytes, end]);
}

describe('reading a CSV', () => {
  it("reads a spreadsheet program's CSV: byte order mark, CRLF, a quoted line break on the line it starts", async () => {
    const sheet = await readSheet(fixture('churchcrm.csv'), 'churchcrm.csv');
    expect(sheet.header?.cells[0]).toBe('Family ID ');
    expect(sheet.rows.map((r) => [r.line, r.cells[4]])).toEqual([
      [2, '1 Rue de la Paix'],
      [3, '22 "Green" Lane\r\nUnit 5'],
      [5, '22 "Green" Lane\r\nUnit 5'],
    ]);
  });

  it('leaves blank rows out and keeps the line numbers of the file', async () => {
    const sheet = await readSheet(text('First Name,Email\n\n,\nAnn,a@b.org\n'), 'a.csv');
    expect(sheet.rows).toEqual([{ line: 4, cells: ['Ann', 'a@b.org'] }]);
  });

  it('reads UTF-16 with and without its byte order mark, tab-separated', async () => {
    const body = 'First Name\tLast Name\r\nZoë\t佐藤\r\n';
    for (const bytes of [Buffer.from(`\ufeff${body}`, 'utf16le'), Buffer.from(body, 'utf16le')]) {
      expect((await readSheet(bytes, 'u.txt')).rows).toEqual([{ line: 2, cells: ['Zoë', '佐藤'] }]);
    }
  });

  it('keeps a formula-looking cell as text', async () => {
    const sheet = await readSheet(text('First Name,Last Name\n=1+1,"=SUM(A1:A2)"\n'), 'f.csv');
    expect(sheet.rows[0]!.cells).toEqual(['=1+1', '=SUM(A1:A2)']);
  });

  it('tells a file without a header row', async () => {
    const sheet = await readSheet(fixture('no-header.csv'), 'no-header.csv');
    expect(sheet.header).toBeNull();
    expect(sheet.rows).toHaveLength(2);
  });
});

describe('reading an Excel workbook', () => {
  it('gives dates as dates, numbers without float noise, formulas as their result, a named sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const people = workbook.addWorksheet('People');
    people.addRow(['First Name', 'Birthdate', 'Zip', 'Sum', 'Text']);
    people.addRow(['Ann', new Date(Date.UTC(1980, 4, 13)), 2134, 0.1 + 0.2, { formula: '1+1', result: 2 }]);
    people.addRow(['Bo', null, 27601.5, 1e3, '=1+1']);
    workbook.addWorksheet('Groups').addRow(['Group Name', 'Person ID']);
    const bytes = new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    const sheet = await readSheet(bytes, 'people.xlsx');
    expect(sheet.rows).toEqual([
      { line: 2, cells: ['Ann', '1980-05-13', '2134', '0.3', '2'] },
      { line: 3, cells: ['Bo', '', '27601.5', '1000', '=1+1'] },
    ]);
    expect((await readSheet(bytes, 'people.xlsx', 'groups')).header?.cells).toEqual(['Group Name', 'Person ID']);
    expect(await readSheet(bytes, 'people.xlsx', 'Tags').catch((e: Error) => e.message)).toBe(
      IMPORT_MESSAGES.sheetMissing('Tags'),
    );
  });
});

describe('refusing a hostile file', () => {
  it('refuses an empty file and one larger than the upload takes', async () => {
    expect(await refusal(new Uint8Array())).toBe(IMPORT_MESSAGES.empty);
    expect(await refusal(text('\ufeff\r\n\r\n'))).toBe(IMPORT_MESSAGES.empty);
    expect(await refusal(new Uint8Array(MAX_IMPORT_BYTES + 1))).toBe(IMPORT_MESSAGES.tooLarge);
  });

  it('refuses 10 MB of random bytes, invalid UTF-8 and binary text', async () => {
    const random = new Uint8Array(10 * 1024 * 1024);
    for (let i = 0; i < random.length; i++) random[i] = (i * 2654435761) >>> 24;
    expect(await refusal(random)).toBe(IMPORT_MESSAGES.unreadable);
    expect(await refusal(new Uint8Array([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x4a, 0x6f, 0x73, 0xe9, 0x0a]))).toBe(
      IMPORT_MESSAGES.unreadable,
    );
    expect(await refusal(text('Name\nA\u0000B\n'))).toBe(IMPORT_MESSAGES.unreadable);
    expect(await refusal(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2]), 'old.xls')).toBe(IMPORT_MESSAGES.oldExcel);
  });

  it('refuses a million columns', async () => {
    expect(await refusal(text('First Name' + ','.repeat(1_000_000) + '\n'))).toBe(IMPORT_MESSAGES.tooManyColumns(1));
  });

  it('refuses a quote never closed, naming the line it opens on', async () => {
    expect(await refusal(text('First Name,Email\nAnn,a@b.org\nBo,"b@c.org\nCy,c@d.org\n'))).toBe(
      IMPORT_MESSAGES.unclosedQuote(3),
    );
  });

  it('refuses more rows than a church may list', async () => {
    const rows = 'First Name\n' + 'Ann\n'.repeat(MAX_IMPORT_ROWS + 1);
    expect(await refusal(text(rows))).toBe(IMPORT_MESSAGES.tooManyRows(MAX_IMPORT_ROWS));
    expect(IMPORT_MESSAGES.tooManyRows(MAX_IMPORT_ROWS)).toContain('100,000 rows');
  });

  it('refuses a zip bomb before unpacking it, whether it declares its size or lies about it', async () => {
    const huge = new Uint8Array(200 * 1024 * 1024);
    expect(await refusal(zipOf('xl/worksheets/sheet1.xml', huge), 'bomb.xlsx')).toBe(IMPORT_MESSAGES.workbookTooBig);
    const lying = zipOf('xl/worksheets/sheet1.xml', new Uint8Array(50 * 1024 * 1024), 1000);
    expect(await refusal(lying, 'bomb.xlsx')).toBe(IMPORT_MESSAGES.workbookTooBig);
  });

  it('refuses a damaged workbook and a zip that is no workbook', async () => {
    expect(await refusal(text('not a zip at all'), 'people.xlsx')).toBe(IMPORT_MESSAGES.damagedWorkbook);
    expect(await refusal(zipOf('hello.txt', text('hello')), 'a.xlsx')).toBe(IMPORT_MESSAGES.noSheet);
  });
});
