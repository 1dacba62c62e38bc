/**
 * Who may see what a family shares: per shareable field a level, set by the church as a default
 * and chosen by the family for itself and each of its members. The rule that applies the levels
 * is lambdas/privacy/visibility.ts; this file is what the forms and the handlers both know.
 * No AWS imports: bundled into the browser.
 */
import * as z from 'zod/mini';
import { FAMILY_FIELDS, Id, MEMBER_FIELDS } from './directory';
import { keysOf, type Fields, type SharedOf } from './entity';

/** From the widest to the narrowest: administrators see every level. */
export const LEVELS = ['everyone', 'groups', 'admins'] as const;
export type Level = (typeof LEVELS)[number];

/** Whether a field at `level` reaches an audience as wide as `audience` ('groups': people in the person's groups). */
export const reaches = (level: Level, audience: Level) => LEVELS.indexOf(level) <= LEVELS.indexOf(audience);

/** What an administrator is told about a field members cannot all see. */
export const LEVEL_MARKS: Record<Exclude<Level, 'everyone'>, { short: string; long: string }> = {
  groups: { short: 'Groups only', long: 'Only people in their groups and administrators can see this.' },
  admins: { short: 'Admins only', long: 'Only administrators can see this.' },
};
export const UNLISTED_MARK = {
  short: 'Not in the directory',
  long: 'This family is left out of the directory: only administrators and the family can see it.',
};

export const LEVEL_LABELS: Record<Level, string> = {
  everyone: 'Everyone in the church',
  groups: 'People in their groups',
  admins: 'Only administrators',
};
/** The same, short enough for "Church default (...)" in a narrow choice. */
export const LEVEL_SHORT: Record<Level, string> = { everyone: 'Everyone', groups: 'Their groups', admins: 'Admins' };

/** A privacy level of a record: the label the privacy pages give it, and the declared fields it covers. */
export interface SharedDetail<K extends string = string> {
  label: string;
  covers: readonly K[];
}

/**
 * The levels the fields declare (`shared`), in the fields' order, each labelled as the field of
 * its own name: the street address is the street and the zip code (the city and state say where,
 * not which house).
 */
export function sharedOf<F extends Fields>(fields: F): Record<SharedOf<F>, SharedDetail<keyof F & string>> {
  const shared: Record<string, { label: string; covers: string[] }> = {};
  for (const k of keysOf(fields)) {
    const key = fields[k]!.shared;
    if (key) (shared[key] ??= { label: fields[key]!.label, covers: [] }).covers.push(k);
  }
  return shared as Record<SharedOf<F>, SharedDetail<keyof F & string>>;
}

export const FAMILY_SHARED = sharedOf(FAMILY_FIELDS);
export const MEMBER_SHARED = sharedOf(MEMBER_FIELDS);

export type FamilyShared = keyof typeof FAMILY_SHARED;
export type MemberShared = keyof typeof MEMBER_SHARED;
export type Shared = FamilyShared | MemberShared;

export const FAMILY_SHARED_KEYS = Object.keys(FAMILY_SHARED) as FamilyShared[];
export const MEMBER_SHARED_KEYS = Object.keys(MEMBER_SHARED) as MemberShared[];
export const SHARED_KEYS: Shared[] = [...FAMILY_SHARED_KEYS, ...MEMBER_SHARED_KEYS];

/** A level per shareable field: the church's defaults, or what applies to one family or member. */
export type Levels<K extends string = Shared> = Record<K, Level>;
/** A family's or member's own choices: a missing field follows the church's default. */
export type Choices<K extends string = Shared> = Partial<Record<K, Level>>;

/** A church that never chose keeps what the directory always did: everything shared with everyone. */
export const OPEN_LEVELS: Levels = Object.fromEntries(SHARED_KEYS.map((k) => [k, 'everyone'])) as Levels;

export const PRIVACY_MESSAGES = {
  level: 'Please choose who can see each detail.',
  member: 'One of these people is not in this family. Reload the page and try again.',
  saved: 'Your privacy choices were saved.',
  defaultsSaved: "The church's privacy defaults were saved.",
} as const;

const level = z.enum(LEVELS, { error: PRIVACY_MESSAGES.level });
/** A choice, or null for "as the church decides" (its default). */
const choice = z.optional(z.nullable(level));
const choicesOf = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, choice])) as Record<K, typeof choice>);

export const PrivacyDefaultsInput = z.object({
  levels: z.object(Object.fromEntries(SHARED_KEYS.map((k) => [k, level])) as Record<Shared, typeof level>),
});
export type PrivacyDefaultsInput = z.output<typeof PrivacyDefaultsInput>;

export const FamilyPrivacyInput = z.object({
  /** Leave the family out of the directory: then only administrators (and the family) see it. */
  unlisted: z.boolean({ error: PRIVACY_MESSAGES.level }),
  /** On the member map near the address, not at it (lambdas/map/); left out: as it was. */
  approximateLocation: z.optional(z.boolean({ error: PRIVACY_MESSAGES.level })),
  family: choicesOf(FAMILY_SHARED_KEYS),
  /** Per member of the family, by id; a member left out keeps its choices. */
  members: z.record(Id, choicesOf(MEMBER_SHARED_KEYS)),
});
export type FamilyPrivacyInput = z.output<typeof FamilyPrivacyInput>;

/**
 * What an administrator or the family itself is told about a family's privacy: its choices, and
 * the level that applies to each field once the church's defaults fill the gaps. Nobody else
 * receives it.
 */
export interface FamilyPrivacyView {
  unlisted: boolean;
  /** Shown on the member map near its address, not at it. */
  approximateLocation: boolean;
  choices: Choices<FamilyShared>;
  levels: Levels<FamilyShared>;
  /** The church's defaults, for "Church default (...)". */
  defaults: Levels;
}
export interface MemberPrivacyView {
  choices: Choices<MemberShared>;
  levels: Levels<MemberShared>;
}
