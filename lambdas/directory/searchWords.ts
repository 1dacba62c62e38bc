/**
 * The words a family and a member are found by: the surname, first names, e-mail, phones and
 * city (contract/names.ts folds them). The same functions index a record when it is written and
 * check a view when it is searched, so a family is found only by what its viewer can see.
 */
import { wordsOf } from '../contract/names';

/** Index entries stop here: longer words are still matched in full by the check on the view. */
export const MAX_WORD = 32;

const text = (value: string | null | undefined) => wordsOf(value ?? '');

/**
 * A phone's digits whole, and its last seven and last four: typed with or without its area code,
 * or as '555-0100' (each typed group begins one of them).
 */
function phoneWords(phone: string | null | undefined): string[] {
  const all = (phone ?? '').replace(/\D/g, '');
  return [all, all.slice(-7), all.slice(-4)];
}

/** An address's words but its top-level domain, which nearly every address shares ('pat.lee@mail.example.org': pat, lee, mail, example). */
function emailWords(email: string | null | undefined): string[] {
  const words = text(email);
  return /@.+\.[^.]+$/.test(email ?? '') ? words.slice(0, -1) : words;
}

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
export const memberWords = (m: MemberText) =>
  distinct([...text(m.name), ...emailWords(m.email), ...phoneWords(m.cellphone)]);

/** Whether every word of the query begins some word of the family or of one of its members. */
export function matches(query: string[], family: FamilyText & { members: MemberText[] }): boolean {
  const words = [...familyWords(family), ...family.members.flatMap(memberWords)];
  return query.every((q) => words.some((w) => w.startsWith(q.slice(0, MAX_WORD))));
}
