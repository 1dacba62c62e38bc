/**
 * What a church lets its members change (administrators set it; lambdas/directory/changeRules.ts
 * applies it): whether a family's edits apply at once or wait for an administrator's approval,
 * per declared field whether members may change it, fill it in only while it is empty, or leave it
 * to administrators, and which privacy levels the church fixes for every family. The fields come
 * from the one declaration (contract/directory.ts), so a new field gets its rule with no code here.
 * No AWS imports: bundled into the browser.
 */
import * as z from 'zod/mini';
import { FAMILY_FIELDS, MEMBER_FIELDS } from './directory';
import { keysOf } from './entity';
import { SHARED_KEYS, type Levels, type Shared } from './privacy';

export const FIELD_RULES = ['open', 'blank', 'locked'] as const;
export type FieldRule = (typeof FIELD_RULES)[number];

export const FIELD_RULE_LABELS: Record<FieldRule, string> = {
  open: 'Members can change it',
  blank: 'Members can fill it in while empty',
  locked: 'Only administrators',
};

export type FamilyKey = keyof typeof FAMILY_FIELDS & string;
export type MemberKey = keyof typeof MEMBER_FIELDS & string;

export interface ChangeRules {
  /** Families' edits wait for an administrator's approval (false: they apply at once). */
  approval: boolean;
  /** A field left out is open. */
  family: Partial<Record<FamilyKey, FieldRule>>;
  member: Partial<Record<MemberKey, FieldRule>>;
  /** The privacy levels families may not choose for themselves: the church's default applies. */
  fixed: Shared[];
}

/** A church that never chose: every edit applies at once, every field and level is the family's. */
export const OPEN_RULES: ChangeRules = { approval: false, family: {}, member: {}, fixed: [] };

export const CHANGE_RULE_MESSAGES = {
  rule: 'Please choose who may change each detail.',
  saved: "The church's rules for members' changes were saved.",
  locked: (label: string) => `Only an administrator can change ${label}. Please ask your church office.`,
  blank: (label: string) =>
    `${label} can be filled in only while it is empty. Please ask your church office to change it.`,
  fixed: (label: string) => `Your church decides who sees ${label}. Please ask your church office.`,
} as const;

const rule = z.optional(z.enum(FIELD_RULES, { error: CHANGE_RULE_MESSAGES.rule }));
const rulesFor = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, rule])) as Record<K, typeof rule>);

export const ChangeRulesInput = z.object({
  approval: z.boolean({ error: CHANGE_RULE_MESSAGES.rule }),
  family: rulesFor(keysOf(FAMILY_FIELDS)),
  member: rulesFor(keysOf(MEMBER_FIELDS)),
  fixed: z.array(z.enum(SHARED_KEYS, { error: CHANGE_RULE_MESSAGES.rule })).check(z.maxLength(SHARED_KEYS.length)),
});
export type ChangeRulesInput = z.output<typeof ChangeRulesInput>;

/** The church's privacy defaults as the Privacy page edits them, with what it lets members change (the same page edits both). */
export interface PrivacyDefaultsResult {
  levels: Levels;
  rules: ChangeRules;
}

export interface SetChangeRulesResult {
  success: true;
  message: string;
  rules: ChangeRules;
}

/** The rules as stored and answered: only the fields that are not open, each level once. */
export function rulesOf(input: ChangeRulesInput): ChangeRules {
  const closed = <K extends string>(rules: Partial<Record<K, FieldRule | undefined>>) =>
    Object.fromEntries(Object.entries(rules).filter(([, r]) => r && r !== 'open')) as Partial<Record<K, FieldRule>>;
  return {
    approval: input.approval,
    family: closed(input.family),
    member: closed(input.member),
    fixed: SHARED_KEYS.filter((k) => input.fixed.includes(k)),
  };
}
