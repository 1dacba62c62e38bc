/**
 * A whole new family written at once, with its members, their addresses, their search words,
 * their roles in groups (and both sides' group marks) and the family's place in or out of the
 * directory: the import's way to add a family (transfer/importApply.ts). It builds every item
 * with the same builders the forms' writes use (repos/items.ts, repos/find.ts, the group marks),
 * so search, list order, birthdays, counts and the visibility rule see an imported family exactly
 * as one typed in; and it is one transaction (in parts past 100 actions, family first) with the
 * church's counts, so a church at its limit refuses it with the forms' message.
 */
import type { Family, Member, Role } from '../core/entities';
import { put, type Step } from '../core/repos/transact';
import { withGroupMarks } from '../groups/repos/groupMarks';
import { rolesCounted } from '../groups/repos/groups';
import { unlistedAddition } from '../privacy/repos/privacy';
import { claimEmail } from './repos/changes';
import { wordSteps } from './repos/find';
import { familyItem, memberItem, roleItem } from './repos/items';
import { familyWords, memberWords } from '../contract/searchWords';
import type { Viewer } from '../core/viewer';
import { auditStep } from '../audit/trail';
import { roleChange } from '../groups/audited';
import { familyChange, familySubject, memberChange } from './audited';
import { familyChoicesChange, memberChoicesChange } from '../privacy/audited';

export interface FamilyToCreate {
  family: Family;
  /** Its members, each with its family's surname. */
  members: readonly Member[];
  /** Its members' roles, in groups that exist. */
  roles: readonly Role[];
  /** False: left out of the directory (only administrators and the family see it). */
  listed: boolean;
}

/** `viewer`: who the audit trail names for it (the import's administrator). */
export function familyCreationSteps(created: FamilyToCreate, viewer: Viewer): Step[] {
  const { families, members } = withGroupMarks([created.family], created.members, created.roles);
  const family = { ...families[0]!, ...(members.length ? { membersVersion: members.length } : {}) };
  const { orgId, familyId } = family;
  const byGroup = new Map<string, number>();
  for (const r of created.roles) byGroup.set(r.groupId, (byGroup.get(r.groupId) ?? 0) + 1);
  return [
    {
      action: put(familyItem(family), 'attribute_not_exists(PK)'),
      counts: { familyCount: 1, ...(members.length ? { memberCount: members.length } : {}) },
    },
    ...members.map((m) => ({ action: put(memberItem(m), 'attribute_not_exists(PK)') })),
    ...members.flatMap(claimEmail),
    ...wordSteps(orgId, familyId, familyId, [], familyWords(family)),
    ...members.flatMap((m) => wordSteps(orgId, familyId, m.memberId, [], memberWords(m))),
    ...created.roles.map((r) => ({ action: put(roleItem(r), 'attribute_not_exists(PK)') })),
    ...[...byGroup].map(([groupId, n]) => rolesCounted(orgId, groupId, n)),
    ...(created.listed ? [] : [unlistedAddition(orgId, familyId)]),
    auditStep(viewer, familySubject(family), [
      familyChange(null, family),
      ...members.map((m) => memberChange(null, m)),
      ...created.roles.map((r) => roleChange(null, r)),
      familyChoicesChange(family, null, {
        listed: created.listed,
        approximateLocation: family.approximateLocation ?? false,
        ...family.privacy,
      }),
      ...members.map((m) => memberChoicesChange(m, {}, m.privacy ?? {})),
    ]),
  ];
}
