/**
 * Which font family draws each character of a line (text.ts asks): a script with a family of its
 * own gets it, everything else Noto Sans when it has the character (so Latin, digits and
 * punctuation look the same in every name, as they always have), Han characters the Chinese,
 * Japanese or Korean family their line suggests; spaces and combining marks stay with the
 * characters they follow (a mark must be shaped with its base; a space inside a Hebrew or Korean
 * name keeps the name one run, text.ts checks the next word is in the same font).
 */
import type { Family } from './fonts';

/** Scripts with a family of their own, by Unicode Script_Extensions, Han (shared) excepted. */
const SCRIPTS: [RegExp, Family][] = [
  [/\p{scx=Hebr}/u, 'hebrew'],
  [/\p{scx=Arab}/u, 'arabic'],
  [/\p{scx=Deva}/u, 'devanagari'],
  [/\p{scx=Beng}/u, 'bengali'],
  [/\p{scx=Taml}/u, 'tamil'],
  [/\p{scx=Thai}/u, 'thai'],
  [/\p{scx=Ethi}/u, 'ethiopic'],
  [/\p{scx=Armn}/u, 'armenian'],
  [/\p{scx=Geor}/u, 'georgian'],
  [/\p{scx=Hang}/u, 'korean'],
  [/[\p{scx=Hira}\p{scx=Kana}]/u, 'japanese'],
  [/[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u20e3]/u, 'emoji'],
];
const HAN = /[\p{scx=Hani}\p{scx=Bopo}]/u;
const KANA = /[\p{scx=Hira}\p{scx=Kana}]/u;
const HANGUL = /\p{scx=Hang}/u;

/**
 * The families that may draw a Han character, best first. Han glyphs differ by country, and a
 * name's characters do not say which: kana beside them make it Japanese, Hangul Korean, and
 * otherwise it is Chinese (Simplified, then Traditional for characters only it has).
 */
export function hanFamilies(line: string): Family[] {
  if (KANA.test(line)) return ['japanese', 'simplifiedChinese', 'traditionalChinese', 'korean'];
  if (HANGUL.test(line)) return ['korean', 'traditionalChinese', 'simplifiedChinese', 'japanese'];
  return ['simplifiedChinese', 'traditionalChinese', 'japanese', 'korean'];
}

/** The family of the character's own script, if it has one (Noto Sans draws the others). */
export function scriptFamily(char: string): Family | null {
  for (const [script, family] of SCRIPTS) if (script.test(char)) return family;
  return null;
}

export const isHan = (char: string) => HAN.test(char);

/** A character that belongs to the run before it: a space, a combining mark, a joiner or a variation selector. */
export const followsRun = (char: string) => char === ' ' || /^[\p{M}\u200c\u200d]$/u.test(char);
