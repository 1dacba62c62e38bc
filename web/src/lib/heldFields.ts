/**
 * What the church's rules (contract/changeRules.ts) leave to administrators, as a family user's
 * form shows it: such a field is read-only, saying why. The server refuses the change anyway;
 * the form only spares the member a refusal.
 */
import type { ReactNode } from 'react';
import type { FieldRule } from '@contract/changeRules';
import type { Fields } from '@contract/entity';

/** What a family user's form says when the church approves changes first. */
export const APPROVAL_NOTE =
  'Your church approves changes first: what you save is sent to the church office, and shows in the directory once approved.';

export const HELD_TEXTS = {
  locked: 'Only an administrator can change this. Please ask your church office.',
  blank: 'Already filled in: only an administrator can change it. Please ask your church office.',
} as const;

export interface Held {
  isReadOnly: true;
  descriptiveText: ReactNode;
}

/** The fields a family user may not change, given the record as stored (null: a new record). */
export function heldFields<F extends Fields>(
  fields: F,
  rules: Partial<Record<keyof F & string, FieldRule>> | undefined,
  stored: Partial<Record<keyof F, unknown>> | null,
): Partial<Record<keyof F & string, Held>> {
  const held: Partial<Record<keyof F & string, Held>> = {};
  for (const [key, rule] of Object.entries(rules ?? {}) as [keyof F & string, FieldRule][]) {
    // A new record's required fields are its own (a new member has a name), as the server decides.
    if (!stored && !fields[key]!.optional) continue;
    const filled = (stored?.[key] ?? null) !== null && stored?.[key] !== '';
    if (rule === 'locked') held[key] = { isReadOnly: true, descriptiveText: HELD_TEXTS.locked };
    if (rule === 'blank' && filled) held[key] = { isReadOnly: true, descriptiveText: HELD_TEXTS.blank };
  }
  return held;
}
