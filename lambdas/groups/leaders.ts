/**
 * Group leaders: an administrator marks a member's role in a group as its leader (or no longer),
 * and the member then writes Bible studies for that group (studies/writers.ts). The mark is on the
 * role, for the group's page, and on the member, whose admission reads it on every request, so a
 * study's write needs no other read to know whom the writer leads.
 */
import { GROUP_MESSAGES } from '../contract/groups';
import { notFound } from '../core/errors';
import { ConditionFailed, transact } from '../core/repos/transact';
import type { Viewer } from '../core/viewer';
import { auditStep } from '../audit/trail';
import { groupSubject, roleChange } from './audited';
import { mustManage } from './groups';
import { leaderMarks } from './repos/groupMarks';
import { readRole } from './repos/groups';

export async function setRoleLeader(viewer: Viewer, groupId: string, memberId: string, leader: boolean): Promise<void> {
  mustManage(viewer);
  const role = await readRole(viewer.orgId, groupId, memberId);
  if (!role) throw notFound(GROUP_MESSAGES.roleNotFound);
  if ((role.leader === true) === leader) return;
  try {
    await transact(viewer.orgId, [
      ...leaderMarks(role, leader),
      auditStep(viewer, groupSubject(role), [roleChange(role, { ...role, leader })]),
    ]);
  } catch (error) {
    // The role or its member went meanwhile.
    if (error instanceof ConditionFailed) throw notFound(GROUP_MESSAGES.roleNotFound);
    throw error;
  }
}
