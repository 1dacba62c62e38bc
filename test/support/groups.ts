/**
 * The church's groups with all their members as a viewer reads them: the groups page, then each
 * group's page followed to its last (getGroup's `next`). Tests that compare every member of every
 * group read them this way; the pages' own shape is tested in groups.test.ts.
 */
import type { GetGroupResult, GroupRoleView, GroupSummaryView, ListGroupsResult } from '../../lambdas/contract/api';
import { call, type Answer } from './api';

export interface GroupWithRoles extends GroupSummaryView {
  roles: GroupRoleView[];
}

export interface GroupsWithRoles {
  groups: GroupWithRoles[];
  canManage: boolean;
}

/** Every member of one group the viewer may see, page after page, in the pages' order. */
export async function rolesOf(token: string, groupId: string): Promise<GroupRoleView[]> {
  const roles: GroupRoleView[] = [];
  let after: string | null = null;
  do {
    const page: Answer<GetGroupResult> = await call<GetGroupResult>('getGroup', {
      token,
      params: { groupId },
      query: after ? `after=${encodeURIComponent(after)}` : undefined,
    });
    if (page.status !== 200) throw new Error(`getGroup ${groupId}: ${page.status} ${JSON.stringify(page.body)}`);
    roles.push(...page.body.roles);
    after = page.body.next;
  } while (after);
  return roles;
}

/** The groups page's answer, each group with every member the viewer may see (the answer as is when refused). */
export async function groupsWithRoles(token: string): Promise<Answer<GroupsWithRoles>> {
  const list = await call<ListGroupsResult>('listGroups', { token });
  if (list.status !== 200) return list as unknown as Answer<GroupsWithRoles>;
  const groups = await Promise.all(
    list.body.groups.map(async (g) => ({ ...g, roles: await rolesOf(token, g.groupId) })),
  );
  const body = { groups, canManage: list.body.canManage };
  return { status: 200, text: JSON.stringify(body), body };
}
