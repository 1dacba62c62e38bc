/**
 * A family's, a member's and a role's first version, as every way of adding one makes it: the
 * forms (families.ts, members.ts, groups/groups.ts), the import's plan (transfer/importPlan.ts),
 * the demo church (lib/local/demo.ts) and the benches' generated church (test/bench/church.ts).
 * Plain functions of what they are given, with no SDK behind them, so a generator may call them
 * before a local stack has set its endpoints.
 */
import type { Family, Group, Member, Role } from '../core/entities';

/** What the system stamps on a new record: its first version, made and changed at the same moment. */
type Stamped = 'version' | 'createdAt' | 'updatedAt';

/** How a member is named on its roles (kept in step when the member or its family is renamed). */
export const roleMemberName = (m: Pick<Member, 'name' | 'surname'>) => `${m.name} ${m.surname}`.trim();

/** The values stamped as a new record: version 1, made and changed at `at`. */
const firstVersion = <T>(values: T, at: string) => ({ ...values, version: 1, createdAt: at, updatedAt: at });

/** A new family of these values. */
export const newFamily = (values: Omit<Family, Stamped>, at: string): Family => firstVersion(values, at);

/** A new member of these values. */
export const newMember = (values: Omit<Member, Stamped>, at: string): Member => firstVersion(values, at);

/** The member's new role in the group, given at `at`, named as the member is named then. */
export const newRole = (
  member: Pick<Member, 'memberId' | 'familyId' | 'orgId' | 'name' | 'surname'>,
  group: Pick<Group, 'groupId' | 'groupName'>,
  label: string | null,
  at: string,
): Role => ({
  groupId: group.groupId,
  memberId: member.memberId,
  familyId: member.familyId,
  orgId: member.orgId,
  memberName: roleMemberName(member),
  groupName: group.groupName,
  label,
  cDate: at,
});
