/**
 * The church's rules for a family user's edits of its declared fields (contract/changeRules.ts):
 * a field only administrators change must stay as it was, and one members may fill in only while
 * empty may change only from empty; a new record (`before` null) may take no value of a field
 * only administrators change. Administrators' writes (and imports) are not bound by them.
 */
import { CHANGE_RULE_MESSAGES, type ChangeRules, type FieldRule } from '../contract/changeRules';
import type { ChurchPrivacy } from '../core/entities';
import type { Fields } from '../contract/entity';
import { denied } from '../core/errors';
import { canEditFamily, type Viewer } from '../core/viewer';

/**
 * The church's rules, for the forms of those who may change the family (its own user, bound by
 * them; an administrator, who sees the levels the church fixed); null for anyone else.
 */
export const rulesFor = (viewer: Viewer, church: ChurchPrivacy, familyId: string): ChangeRules | null =>
  canEditFamily(viewer, familyId) ? church.rules : null;

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

export function mustAllowFields<F extends Fields>(
  viewer: Viewer,
  rules: Partial<Record<keyof F & string, FieldRule>>,
  fields: F,
  before: Partial<Record<keyof F, unknown>> | null,
  after: Partial<Record<keyof F, unknown>>,
): void {
  if (viewer.admin) return;
  for (const [key, rule] of Object.entries(rules) as [keyof F & string, FieldRule][]) {
    // A new record's required fields are its own (a new member has a name), whatever the rules.
    if (!before && !fields[key]!.optional) continue;
    const was = before?.[key] ?? null;
    if (same(was, after[key])) continue;
    const label = fields[key]!.label;
    if (rule === 'locked') throw denied(CHANGE_RULE_MESSAGES.locked(label));
    if (rule === 'blank' && was !== null) throw denied(CHANGE_RULE_MESSAGES.blank(label));
  }
}
