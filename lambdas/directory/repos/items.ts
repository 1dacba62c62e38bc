/**
 * Entities as stored items: keys, index attributes and type tag. Every write of a family, member,
 * group or role builds its item here, so indexes are never forgotten.
 */
import { MM_DD } from '../../contract/fields';
import type { Family, Group, Member, Role } from '../../core/entities';
import { keys } from '../../core/repos/keys';
import { wordItemsOf } from './find';
import { ItemType } from '../../core/repos/table';

export const familyItem = (f: Family) => ({
  ...keys.family(f.orgId, f.familyId),
  ...(f.anniversary && MM_DD.test(f.anniversary)
    ? keys.familyAnniversaryIndex(f.orgId, f.familyId, f.anniversary)
    : {}),
  ...keys.familyOrder(f.orgId, f.surname, f.familyId),
  ...(f.location ? keys.familyMapIndex(f.orgId, f.surname, f.familyId) : {}),
  type: ItemType.family,
  ...f,
});

export const memberItem = (m: Member) => ({
  ...keys.member(m.orgId, m.familyId, m.memberId),
  ...(m.birthday && MM_DD.test(m.birthday) ? keys.memberBirthdayIndex(m.orgId, m.memberId, m.birthday) : {}),
  ...(m.email ? keys.memberEmailIndex(m.orgId, m.email) : {}),
  ...keys.memberById(m.orgId, m.memberId),
  ...keys.memberOrder(m.orgId, m.surname, m.familyId, m.memberId),
  type: ItemType.member,
  ...m,
});

export const groupItem = (g: Group) => ({
  ...keys.group(g.orgId, g.groupId),
  ...keys.groupOrder(g.orgId, g.groupName, g.groupId),
  type: ItemType.group,
  ...g,
});

export const groupNameItem = (g: Group) => ({
  ...keys.groupName(g.orgId, g.groupName),
  type: ItemType.groupName,
  orgId: g.orgId,
  groupId: g.groupId,
});

export const roleItem = (r: Role) => ({
  ...keys.role(r.orgId, r.groupId, r.memberId),
  ...keys.roleByMember(r.orgId, r.memberId, r.groupId),
  ...keys.roleOrder(r.orgId, r.groupId, r.memberName, r.memberId),
  type: ItemType.role,
  ...r,
});

/** The claim that keeps a member e-mail unique within its church. */
export const memberEmailClaimItem = (m: Pick<Member, 'orgId' | 'memberId' | 'familyId'> & { email: string }) => ({
  ...keys.memberEmailClaim(m.orgId, m.email),
  type: ItemType.memberEmail,
  orgId: m.orgId,
  memberId: m.memberId,
  familyId: m.familyId,
  email: m.email,
});

/** Every item of a directory written at once (a seeded church): families, members, e-mail claims and search words. */
export const directoryItems = (families: readonly Family[], members: readonly Member[]) => [
  ...families.map(familyItem),
  ...members.map(memberItem),
  ...members.flatMap((m) => (m.email ? [memberEmailClaimItem({ ...m, email: m.email })] : [])),
  ...wordItemsOf(families, members),
];
