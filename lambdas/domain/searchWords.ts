/**
 * The words a family and a member are found by: the surname, first names, e-mail, phones and
 * city (contract/names.ts folds them). The same functions index a record when it is written and
 * check a view when it is searched, so a family is found only by what its viewer can see.
 */
import { wordsOf } from '../contract/names';

/** Index entries stop here: longer words are still matched in full by the check on the view. */
export const MAX_WORD = 32;

/** A phone's digit groups, all its digits, and its last seven (a number typed without its area code). */
function phoneWords(phone: string | null | undefined): string[] {
  const groups = phone?.match(/\d+/g) ?? [];
  const all = groups.join('');
  return [...groups, all, all.slice(-7)];
}

const text = (value: string | null | undefined) => wordsOf(value ?? '');

const distinct = (words: string[]) => [...new Set(words.filter(Boolean).map((w) => w.slice(0, MAX_WORD)))];

export interface FamilyText {
  surname: string;
  city?: string | null;
  phone?: string | null;
}

export interface MemberText {
  name: string;
  email?: string | null;
  cellphone?: string | null;
}

export const familyWords = (f: FamilyText) => distinct([...text(f.surname), ...text(f.city), ...phoneWords(f.phone)]);
export const memberWords = (m: MemberText) => distinct([...text(m.name), ...text(m.email), ...phoneWords(m.cellphone)]);

/** Whether every word of the query begins some word of the family or of one of its members. */
export function matches(query: string[], family: FamilyText & { members: MemberText[] }): boolean {
  const words = [...familyWords(family), ...family.members.flatMap(memberWords)];
  return query.every((q) => words.some((w) => w.startsWith(q.slice(0, MAX_WORD))));
}
