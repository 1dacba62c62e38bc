/**
 * What the church lets its members change (contract/changeRules.ts): set by administrators, kept
 * on the church's privacy item (read with the caller's record, so a family's write pays no extra
 * request for it), and applied to a family user's edits here and in directory/fieldRules.ts.
 */
import { CHANGE_RULE_MESSAGES, rulesOf, type ChangeRules, type ChangeRulesInput } from '../contract/changeRules';
import { FAMILY_SHARED, MEMBER_SHARED, type Shared } from '../contract/privacy';
import { denied } from '../core/errors';
import { transact } from '../core/repos/transact';
import type { Viewer } from '../core/viewer';
import { auditStep, churchSubject, recordChange } from '../audit/trail';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../contract/directory';
import { keysOf } from '../contract/entity';
import { churchExists, privacyUpdate, readChurchPrivacy } from './repos/privacy';

/** The rules as the audit trail lists them: approval, each field's rule by `family.<field>` (in the declaration's order), the fixed levels. */
const AUDITED = [
  'approval',
  ...keysOf(FAMILY_FIELDS).map((k) => `family.${k}`),
  ...keysOf(MEMBER_FIELDS).map((k) => `member.${k}`),
  'fixed',
];

function flat(rules: ChangeRules): Record<string, unknown> {
  return {
    approval: rules.approval,
    ...Object.fromEntries(Object.entries(rules.family).map(([k, r]) => [`family.${k}`, r])),
    ...Object.fromEntries(Object.entries(rules.member).map(([k, r]) => [`member.${k}`, r])),
    fixed: rules.fixed,
  };
}

export async function setChangeRules(viewer: Viewer, input: ChangeRulesInput): Promise<ChangeRules> {
  if (!viewer.admin) throw denied();
  const before = (await readChurchPrivacy(viewer.orgId)).rules;
  const rules = rulesOf(input);
  await transact(viewer.orgId, [
    { action: churchExists(viewer.orgId) },
    {
      action: privacyUpdate(viewer.orgId, 'SET changeRules = :rules, #type = :type, orgId = :org', { ':rules': rules }),
    },
    auditStep(viewer, churchSubject(viewer.orgId), [
      recordChange({ kind: 'settings', id: 'changes', name: "Members' changes" }, AUDITED, flat(before), flat(rules)),
    ]),
  ]);
  return rules;
}

const SHARED_LABELS: Record<string, string> = Object.fromEntries(
  Object.entries({ ...FAMILY_SHARED, ...MEMBER_SHARED }).map(([k, v]) => [k, v.label]),
);

/**
 * A family user may not choose a level the church fixed (a choice kept as it was passes: the
 * form sends every level back); administrators may.
 */
export function mustAllowLevels(
  viewer: Viewer,
  rules: ChangeRules,
  before: Partial<Record<Shared, unknown>>,
  after: Partial<Record<Shared, unknown>>,
): void {
  if (viewer.admin) return;
  for (const key of rules.fixed)
    if ((before[key] ?? null) !== (after[key] ?? null)) throw denied(CHANGE_RULE_MESSAGES.fixed(SHARED_LABELS[key]!));
}
