/**
 * The words a family and a member are found by, on the server and, offline, in the app: the fields their declarations mark `search`
 * (contract/directory.ts), each by what it holds (contract/names.ts folds the words). The same functions index a record when it is written and
 * check a view when it is searched, so a family is found only by what its viewer can see.
 */
import { FAMILY_FIELDS, MEMBER_FIELDS } from './directory';
import { keysOf, type Fields, type Kind } from './entity';
import { wordsOf } from './names';

/** Families a search answers: a few screens of a phone; the person types more to narrow. */
export const SEARCH_RESULTS = 12;

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

/**
 * The words search looks up in the index, of what the person typed: an address typed whole is
 * looked up by its own part (before '@'), which few share, never by its domain's last part, which
 * is not indexed; anything else by all its words.
 */
export function lookupWords(typed: string): string[] {
  const tokens = typed.split(/\s+/).filter(Boolean);
  const addresses = tokens.filter((t) => /^[^@\s]+@.+\.[^.]+$/.test(t));
  if (addresses.length) return addresses.flatMap((a) => text(a.slice(0, a.indexOf('@'))));
  return text(typed);
}

const distinct = (words: string[]) => [...new Set(words.filter(Boolean).map((w) => w.slice(0, MAX_WORD)))];

/** The words a detail of this kind is found by. */
const WORDS: Record<Kind, (value: string | null | undefined) => string[]> = {
  text,
  phone: phoneWords,
  email: emailWords,
  monthDay: () => [],
};

/** A record's words: of each field its declaration says search finds, by what it holds. */
export function wordsOfFields<F extends Fields>(fields: F, by = WORDS) {
  const found = keysOf(fields).filter((k) => fields[k]!.search);
  return (record: Partial<Record<keyof F, unknown>>) =>
    distinct(found.flatMap((k) => by[fields[k]!.kind ?? 'text'](record[k] as string | null | undefined)));
}

type Searched<F extends Fields> = Partial<Record<keyof F, unknown>>;
export type FamilyText = Searched<typeof FAMILY_FIELDS> & { surname: string };
export type MemberText = Searched<typeof MEMBER_FIELDS> & { name: string };

export const familyWords: (f: FamilyText) => string[] = wordsOfFields(FAMILY_FIELDS);
export const memberWords: (m: MemberText) => string[] = wordsOfFields(MEMBER_FIELDS);

/** What a view is checked by: an address by all its words, its last part too (typed whole, it is typed). */
const SEEN: typeof WORDS = { ...WORDS, email: text };
const familySeenWords: (f: FamilyText) => string[] = wordsOfFields(FAMILY_FIELDS, SEEN);
const memberSeenWords: (m: MemberText) => string[] = wordsOfFields(MEMBER_FIELDS, SEEN);

/** Whether every word of the query begins some word of the family or of one of its members. */
export function matches(query: string[], family: FamilyText & { members: MemberText[] }): boolean {
  const words = [...familySeenWords(family), ...family.members.flatMap(memberSeenWords)];
  return query.every((q) => words.some((w) => w.startsWith(q.slice(0, MAX_WORD))));
}
