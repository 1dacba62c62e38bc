/**
 * An Excel file is a zip; a zip bomb is a small one that unpacks to gigabytes. Before the
 * workbook reader (exceljs, through JSZip) inflates anything, this reads the zip's central
 * directory (the table at its end that lists every entry with its sizes: PKWARE's APPNOTE, 4.3.12
 * and 4.3.16), refuses too many entries or more than MAX_UNPACKED bytes declared in all, then
 * inflates each entry once with its declared size as a hard ceiling (zlib's maxOutputLength), so
 * an entry that lies about its size is caught while inflating, never after. JSZip reads the same
 * directory and the same bytes, so what passed here is what it unpacks.
 */
import { inflateRawSync } from 'node:zlib';
import { IMPORT_MESSAGES } from '../../contract/imports';
import { ImportFileError } from './errors';

/** Unpacked bytes a workbook may declare: a 100,000-member sheet is about 100 MB of XML. */
export const MAX_UNPACKED = 150 * 1024 * 1024;
/** Entries a workbook may hold: a few sheets, their parts and some pictures. */
export const MAX_ENTRIES = 1000;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

export const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

const damaged = () => new ImportFileError(IMPORT_MESSAGES.damagedWorkbook);
const tooBig = () => new ImportFileError(IMPORT_MESSAGES.workbookTooBig);

interface Entry {
  method: number;
  packed: number;
  unpacked: number;
  offset: number;
}

/** The end-of-directory record: the last 22 bytes, or earlier by a comment of up to 64 KB. */
function endOfDirectory(view: DataView): number {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw damaged();
}

function entriesOf(view: DataView): Entry[] {
  const end = endOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  const start = view.getUint32(end + 16, true);
  // ZIP64 (0xffff entries, offsets of 0xffffffff) is for files far larger than an upload.
  if (count === 0xffff || start === 0xffffffff) throw tooBig();
  if (count > MAX_ENTRIES) throw tooBig();
  const entries: Entry[] = [];
  let at = start;
  for (let i = 0; i < count; i++) {
    if (at + 46 > view.byteLength || view.getUint32(at, true) !== DIRECTORY_ENTRY) throw damaged();
    entries.push({
      method: view.getUint16(at + 10, true),
      packed: view.getUint32(at + 20, true),
      unpacked: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
    });
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** The entry's packed bytes, found through its local header. */
function packedBytes(bytes: Uint8Array, view: DataView, entry: Entry): Uint8Array {
  const at = entry.offset;
  if (at + 30 > view.byteLength || view.getUint32(at, true) !== LOCAL_HEADER) throw damaged();
  const from = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (from + entry.packed > bytes.length) throw damaged();
  return bytes.subarray(from, from + entry.packed);
}

/** Refuses a zip that is damaged, has too many entries or unpacks to more than it may. */
export function checkZip(bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = entriesOf(view);
  if (entries.reduce((sum, e) => sum + e.unpacked, 0) > MAX_UNPACKED) throw tooBig();
  for (const entry of entries) {
    const packed = packedBytes(bytes, view, entry);
    if (entry.method === 0) {
      if (entry.packed !== entry.unpacked) throw damaged();
    } else if (entry.method === 8) {
      inflateWithin(packed, entry.unpacked);
    } else throw damaged();
  }
}

/** Inflates with the declared size as the ceiling: a larger output stops zlib at that size. */
function inflateWithin(packed: Uint8Array, declared: number): void {
  let unpacked: Buffer;
  try {
    unpacked = inflateRawSync(packed, { maxOutputLength: Math.max(declared, 1) });
  } catch (error) {
    throw (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? tooBig() : damaged();
  }
  if (unpacked.length !== declared) throw damaged();
}
