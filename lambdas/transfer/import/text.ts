/**
 * A text file's bytes as text. UTF-8 (a spreadsheet program's "CSV UTF-8" starts with a byte
 * order mark, which goes) and UTF-16 (Excel's "Unicode text", with or without its mark, told by
 * the zero bytes of its ASCII characters) are read; anything else is refused rather than guessed:
 * a Windows-1252 file read as UTF-8 would turn every accented name into nonsense without a word.
 * Control characters other than tab and line breaks mean a binary file, refused too.
 */
import { IMPORT_MESSAGES } from '../../contract/imports';
import { ImportFileError } from './errors';

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** The encoding and the length of its byte order mark. */
function encodingOf(bytes: Uint8Array): { encoding: Encoding; bom: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  // Without a mark, UTF-16 shows itself by a zero beside most Latin letters of the first lines.
  const sample = bytes.subarray(0, 4096);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2) oddZeros++;
    else evenZeros++;
  }
  const half = sample.length / 2;
  if (oddZeros > half * 0.3 && evenZeros < half * 0.05) return { encoding: 'utf-16le', bom: 0 };
  if (evenZeros > half * 0.3 && oddZeros < half * 0.05) return { encoding: 'utf-16be', bom: 0 };
  return { encoding: 'utf-8', bom: 0 };
}

/** Control characters a text file never holds (tab, line feed and carriage return aside). */
const BINARY = /(?![\t\n\r])\p{Cc}/u;

/** The file as text, or ImportFileError(unreadable). */
export function decodeText(bytes: Uint8Array): string {
  const { encoding, bom } = encodingOf(bytes);
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(bom));
  } catch {
    throw new ImportFileError(IMPORT_MESSAGES.unreadable);
  }
  if (BINARY.test(text)) throw new ImportFileError(IMPORT_MESSAGES.unreadable);
  return text;
}
