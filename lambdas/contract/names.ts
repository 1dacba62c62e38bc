/**
 * Names as the directory orders and finds them, one rule for the server's keys and the app's
 * letters: case, accents and punctuation never decide ('Ødegård', 'odegard' and "O'Degard" sort
 * together, and 'ode' finds all three). lodash's deburr folds the Latin letters that have no
 * decomposition (ø, æ, ß, ł, đ); NFKD first splits the rest (ễ, ñ) into letter and mark.
 * No imports of the server: the app uses it too.
 */
import { deburr } from 'lodash-es';

/** Letters and digits of any script, folded: what a name sorts and matches by. */
const folded = (text: string) => deburr(text.normalize('NFKD')).toLowerCase();

/** A name's sort key: its folded letters and digits only ('Van der Berg' → 'vanderberg'). Empty for a name of none. */
export const sortKeyOf = (name: string) => folded(name).replace(/[^\p{L}\p{N}]+/gu, '');

/** The words of a text as search matches them: folded, split at anything not a letter or digit. */
export const wordsOf = (text: string): string[] =>
  folded(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The heading a name is listed under: its first letter in capitals (of any script), or '#' when it starts with a digit or has no letter. */
export function letterOf(name: string): string {
  const first = [...sortKeyOf(name)][0] ?? '';
  return /\p{L}/u.test(first) ? first.toLocaleUpperCase() : '#';
}

/** The letters of the A-Z bar; names in other scripts follow Z in the list. */
export const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
