/**
 * Groups and the roles of members in them; only admins change them.
 * Every change is one transaction: a group with its name claim and the church's group count; a
 * group's delete with its claim and all its roles; a role with the checks that its group and its
 * member are still there, and the group marks its members and families carry (groups/repos/groupMarks.ts)
 * changed with it. Keys come from the caller's church, so another church's ids are simply
 * not found.
 */
import type { GetGroupResult, GroupSummaryView, ListGroupsResult } from '../contract/api';
import { GROUP_MESSAGES, UNKNOWN_MEMBER, type AddGroupInput, type AddRoleInput } from '../contract/groups';
import type { ChurchPrivacy, Group, Role } from '../core/entities';
import { AppError, denied, notFound } from '../core/errors';
import { createOnce, newRecordId } from '../core/once';
import { readMember } from '../directory/repos/directory';
import { unseenBy, type Unseen } from '../directory/unseen';
import { joinMarks, leaveMarks, rolesOfExistingMembers } from './repos/groupMarks';
import {
  groupLeaveCounts,
  groupNameRelease,
  groupRemoval,
  readGroup,
  readGroupItem,
  readGroupList,
  readRolesPage,
  readRole,
  roleCounted,
  roleRemovals,
  startRolesRead,
  type RolesRead,
} from './repos/groups';
import { groupItem, groupNameItem, roleItem } from '../directory/repos/items';
import { newRole } from '../directory/newRecords';
import { ItemType } from '../core/repos/table';
import { unchangedSince } from '../core/repos/conditions';
import { CONCURRENT_WRITE, ConditionFailed, put, transact, type Step } from '../core/repos/transact';
import { byName, type Viewer } from '../core/viewer';
import { auditStep } from '../audit/trail';
import { groupChange, groupSubject, roleChange } from './audited';
import { forgetStudyGroup } from '../studies/groupGone';
import { seesFamily, type Audience } from '../privacy/visibility';

export const GROUP_CHANGED = 'Someone else changed this group at the same moment. Reload the page and try again.';
const MEMBER_NOT_FOUND = 'Member not found.';

/** Only admins change groups (the route says so too; this keeps the domain honest). */
export function mustManage(viewer: Viewer, message = 'You do not have permission to manage groups.') {
  if (!viewer.admin) throw denied(message);
}

/**
 * A group as the pages name it, its count of members as the viewer sees them (less those of
 * families left out of the directory it may not see, directory/unseen.ts); a count below zero
 * (never written so, but counted by ADD) shows as none.
 */
const summaryOf = (group: Group, unseen: Unseen): GroupSummaryView => ({
  groupId: group.groupId,
  groupName: group.groupName,
  memberCount: Math.max(0, (group.roleCount ?? 0) - unseen.inGroup(group.groupId)),
});

/**
 * The church's groups with their member counts, in name order as people read it (numbers by value:
 * 'Group 9' before 'Group 10'; all of them come in one read, so the index's order need not decide).
 * No member's name is on this page.
 */
/** The reads of the groups page, started beside the caller's admission: one Query of the groups alone. */
export const startGroupList = (orgId: string): Promise<Group[]> => readGroupList(orgId);

/** The reads of a group's page, started beside the caller's admission: the group's item and a page of its roles. */
export const startGroupPage = (orgId: string, groupId: string, after?: string) =>
  Promise.all([readGroupItem(orgId, groupId), startRolesRead(orgId, groupId, after)]);

export async function listGroups(viewer: Viewer, church: ChurchPrivacy, groups: Group[]): Promise<ListGroupsResult> {
  const ordered = [...groups].sort((a, b) => byName(a.groupName, b.groupName) || a.groupId.localeCompare(b.groupId));
  const unseen = await unseenBy(viewer, church);
  return { groups: ordered.map((g) => summaryOf(g, unseen)), canManage: viewer.admin };
}

/**
 * A page of one group's members in name order; members of a family left out of the directory
 * only for administrators and that family (only whether a family is listed decides here, never a
 * field's level). The Add Member modal finds people by search (searchDirectory), never from a
 * list of the whole church.
 */
export async function groupPage(
  viewer: Viewer,
  church: ChurchPrivacy,
  group: Group | null,
  read: RolesRead,
): Promise<GetGroupResult> {
  if (!group) throw notFound(GROUP_MESSAGES.groupNotFound);
  const audience: Audience = { admin: viewer.admin, familyId: viewer.familyId, groups: new Set() };
  const [page, unseen] = await Promise.all([
    readRolesPage(read, (r) => seesFamily(audience, church, r.familyId)),
    unseenBy(viewer, church),
  ]);
  return {
    group: summaryOf(group, unseen),
    roles: page.roles.map((r) => ({
      memberId: r.memberId,
      familyId: r.familyId ?? '',
      memberName: r.memberName?.trim() ? r.memberName : UNKNOWN_MEMBER,
      label: r.label ? r.label : null,
      leader: r.leader === true,
      cDate: r.cDate,
    })),
    next: page.next,
    canManage: viewer.admin,
  };
}

/** The group, its name claim (one name per church, case and spacing aside) and the count. */
export async function addGroup(viewer: Viewer, input: AddGroupInput, requestKey: string | null = null): Promise<Group> {
  mustManage(viewer, 'You do not have permission to create groups.');
  const group: Group = {
    groupId: newRecordId(viewer.orgId, 'group', requestKey),
    orgId: viewer.orgId,
    groupName: input.groupName,
    createdAt: new Date().toISOString(),
  };
  const steps: Step[] = [
    { action: put(groupItem(group), 'attribute_not_exists(PK)'), counts: { groupCount: 1 } },
    { action: put(groupNameItem(group), 'attribute_not_exists(PK)') },
    auditStep(viewer, groupSubject(group), [groupChange(null, group)]),
  ];
  const create = async () => {
    try {
      await transact(viewer.orgId, steps);
    } catch (error) {
      if (error instanceof ConditionFailed && steps[error.step]?.action.Put?.Item?.type === ItemType.groupName) {
        throw new AppError('already-exists', GROUP_MESSAGES.nameTaken);
      }
      throw error;
    }
    return group;
  };
  return (await createOnce(requestKey, create, () => readGroupItem(viewer.orgId, group.groupId))).record;
}

/** The group, its name claim and all its roles, all or nothing (in parts past 100 actions); then the studies shared with it forget it. */
export async function deleteGroup(viewer: Viewer, groupId: string): Promise<Group> {
  mustManage(viewer);
  const found = await readGroup(viewer.orgId, groupId);
  if (!found) throw notFound(GROUP_MESSAGES.groupNotFound);
  const { group, roles } = found;
  const unchanged = unchangedSince(group, 'rolesVersion');
  // The group goes last: should a large group need several transactions and one fail, what is
  // left is the group with some roles (deleting again finishes), never roles without a group.
  const steps: Step[] = [
    ...roleRemovals(roles),
    ...leaveMarks(await rolesOfExistingMembers(roles)),
    groupNameRelease(group),
    groupRemoval(group, unchanged),
    auditStep(viewer, groupSubject(group), [groupChange(group, null), ...roles.map((r) => roleChange(r, null))]),
  ];
  try {
    await transact(viewer.orgId, steps);
  } catch (error) {
    if (error instanceof ConditionFailed) throw new AppError('aborted', GROUP_CHANGED);
    throw error;
  }
  await forgetStudyGroup(viewer.orgId, groupId);
  return group;
}

/**
 * A member's role in a group. Group and member are read in the caller's church; the write checks
 * they are still there (the member unchanged, so the name on the role is current) and bumps the
 * group's rolesVersion, so a group delete that did not see this role is refused.
 */
export async function addRole(viewer: Viewer, groupId: string, input: AddRoleInput): Promise<Role> {
  mustManage(viewer);
  const [group, found] = await Promise.all([
    readGroupItem(viewer.orgId, groupId),
    readMember(viewer.orgId, input.memberId),
  ]);
  if (!group) throw notFound(GROUP_MESSAGES.groupNotFound);
  if (!found) throw notFound(MEMBER_NOT_FOUND);
  const { member } = found;
  if (found.roles.some((r) => r.groupId === groupId))
    throw new AppError('already-exists', GROUP_MESSAGES.alreadyInGroup);
  const role = newRole(member, group, input.label, new Date().toISOString());
  const steps: Step[] = [
    { action: put(roleItem(role), 'attribute_not_exists(PK)') },
    roleCounted(viewer.orgId, groupId),
    // The member's marks (and its roles' count) change with the member as read: a member or family
    // delete that read the old roles is refused, and so is this add if the member changed meanwhile.
    ...joinMarks(role, { condition: 'version = :v', values: { ':v': member.version } }),
    auditStep(viewer, groupSubject(group), [roleChange(null, role)]),
  ];
  try {
    await transact(viewer.orgId, steps);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    if (error.step === 0) throw new AppError('already-exists', GROUP_MESSAGES.alreadyInGroup);
    if (error.step === 1) throw notFound(GROUP_MESSAGES.groupNotFound);
    // The member went or changed meanwhile: say which.
    throw (await readMember(viewer.orgId, member.memberId))
      ? new AppError('aborted', CONCURRENT_WRITE)
      : notFound(MEMBER_NOT_FOUND);
  }
  return role;
}

/** A member out of a group, with its group marks (the role says whose they are) and the group's count. */
export async function deleteRole(viewer: Viewer, groupId: string, memberId: string): Promise<void> {
  mustManage(viewer);
  const [role, count] = await Promise.all([
    readRole(viewer.orgId, groupId, memberId),
    groupLeaveCounts(viewer.orgId, [{ groupId }]),
  ]);
  if (!role) throw notFound(GROUP_MESSAGES.roleNotFound);
  const removeRole = [
    ...roleRemovals([{ orgId: viewer.orgId, groupId, memberId }]),
    ...count,
    auditStep(viewer, groupSubject(role), [roleChange(role, null)]),
  ];
  try {
    await transact(viewer.orgId, [...removeRole, ...leaveMarks([role])]);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    // A role that outlived its member (older data) has no marks: it goes alone. Otherwise the
    // role, its group, its member or its family went meanwhile: either way the role is gone.
    if (error.step < removeRole.length || (await rolesOfExistingMembers([role])).length)
      throw notFound(GROUP_MESSAGES.roleNotFound);
    await transact(viewer.orgId, removeRole).catch((again: unknown) => {
      throw again instanceof ConditionFailed ? notFound(GROUP_MESSAGES.roleNotFound) : again;
    });
  }
}
