/**
 * Reading groups: a group's item and its roles share the 'GRP#<groupId>' prefix of the church's
 * partition (keys.ts), so one group with all its roles is one Query (a delete needs them all).
 * The pages read the indexes instead, whose answers do not grow with the groups' members: the
 * groups alone in name order (GSI1), and one group's roles a page at a time in name order (GSI4).
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import type { ChurchPrivacy, Group, Role } from '../../core/entities';
import { keys } from '../../core/repos/keys';
import { queryAll } from '../../core/repos/query';
import { churchPrivacyOf } from '../../privacy/repos/privacy';
import { batchGetAll } from '../../core/repos/batch';
import { ItemType, tableName, withoutKeys, prefixEnd } from '../../core/repos/table';
import { remove, update, type Step } from '../../core/repos/transact';
import type { Condition } from '../../core/repos/conditions';

type Item = Record<string, unknown>;

export interface GroupWithRoles {
  group: Group;
  roles: Role[];
}

/** Groups with their roles, in key order (a group's item comes before its roles'). */
function collect(items: Item[]): GroupWithRoles[] {
  const byId = new Map<string, GroupWithRoles>();
  for (const item of items) {
    if (item.type === ItemType.group) byId.set(String(item.groupId), { group: withoutKeys<Group>(item), roles: [] });
  }
  // A role whose group item is missing is not shown (the integrity report finds it).
  for (const item of items) {
    if (item.type === ItemType.role) byId.get(String(item.groupId))?.roles.push(withoutKeys<Role>(item));
  }
  return [...byId.values()];
}

/** Every group of the church with its roles, and the church's privacy item (its key sorts after them): one Query per 1 MB page (the migrations' whole-church read). */
export async function readGroups(orgId: string): Promise<{ groups: GroupWithRoles[]; church: ChurchPrivacy }> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :grp AND :grpEnd',
    ExpressionAttributeValues: { ':pk': keys.orgPartition(orgId), ':grp': 'GRP#', ':grpEnd': prefixEnd('GRP#') },
  });
  return { groups: collect(items), church: churchPrivacyOf(items.find((i) => i.type === ItemType.privacy)) };
}

/** One group with its roles (one Query), or null. */
export async function readGroup(orgId: string, groupId: string): Promise<GroupWithRoles | null> {
  const { SK } = keys.group(orgId, groupId);
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :grp AND :grpEnd',
    ExpressionAttributeValues: { ':pk': keys.orgPartition(orgId), ':grp': SK, ':grpEnd': prefixEnd(SK) },
  });
  // 'GRP#ab' also begins 'GRP#abc' would also match 'GRP#abc': keep only this group's own items.
  const own = items.filter((i) => i.SK === SK || String(i.SK).startsWith(`${SK}#`));
  return collect(own)[0] ?? null;
}

/** The group item alone (no roles): one GetItem. */
export async function readGroupItem(orgId: string, groupId: string): Promise<Group | null> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.group(orgId, groupId) }));
  return Item ? withoutKeys<Group>(Item) : null;
}

/** One role, read consistently (a removal decides on it), or null. */
export async function readRole(orgId: string, groupId: string, memberId: string): Promise<Role | null> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.role(orgId, groupId, memberId), ConsistentRead: true }),
  );
  return Item ? withoutKeys<Role>(Item) : null;
}

/** The church's groups without their roles, in name order: one Query (2,000 groups, the most a church holds, are some 400 KB). */
export async function readGroupList(orgId: string): Promise<Group[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :groups',
    ExpressionAttributeValues: { ':groups': keys.groupsPartition(orgId) },
  });
  return items.map((i) => withoutKeys<Group>(i));
}

/** Roles a group's page shows at most: four rows of the widest grid, some 15 KB of answer. */
export const ROLES_PAGE = 60;

export interface RolesPage {
  roles: Role[];
  /** The place after which the next page starts (keys.roleAt), or null after the last role the viewer sees. */
  next: string | null;
}

/** The first Query of a group's page, started before the viewer is known; `readRolesPage` finishes it. */
export interface RolesRead {
  orgId: string;
  groupId: string;
  after: string | undefined;
  items: Item[];
  more: Item | undefined;
}

const rolesFrom = (orgId: string, groupId: string, after: string | undefined, ExclusiveStartKey?: Item) =>
  ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI4',
      KeyConditionExpression: after ? 'GSI4PK = :group AND GSI4SK > :after' : 'GSI4PK = :group',
      ExpressionAttributeValues: {
        ':group': keys.groupRolesPartition(orgId, groupId),
        ...(after ? { ':after': after } : {}),
      },
      // One more than the page: whether it exists says whether there is a next page, so the last page never offers an empty one.
      Limit: ROLES_PAGE + 1,
      ExclusiveStartKey,
    }),
  );

/** A group's page's first Query: at most ROLES_PAGE + 1 items. */
export async function startRolesRead(orgId: string, groupId: string, after?: string): Promise<RolesRead> {
  const page = await rolesFrom(orgId, groupId, after);
  return { orgId, groupId, after, items: page.Items ?? [], more: page.LastEvaluatedKey };
}

/**
 * One page of a group's roles in name order as one viewer may list them: the first ROLES_PAGE
 * roles `shows` keeps, and `next` only when one more such role follows, named by the place of the
 * page's last role. A role the viewer may not see is neither shown nor pointed at, and whether a
 * next page exists says nothing of it. One Query when the viewer sees the roles it read.
 */
export async function readRolesPage(read: RolesRead, shows: (role: Role) => boolean): Promise<RolesPage> {
  const kept: { role: Role; at: string }[] = [];
  let { items, more } = read;
  for (;;) {
    for (const item of items) {
      const role = withoutKeys<Role>(item);
      if (shows(role)) kept.push({ role, at: String(item.GSI4SK) });
      if (kept.length > ROLES_PAGE) break;
    }
    if (kept.length > ROLES_PAGE || !more) break;
    const page = await rolesFrom(read.orgId, read.groupId, read.after, more);
    items = page.Items ?? [];
    more = page.LastEvaluatedKey;
  }
  const shown = kept.slice(0, ROLES_PAGE);
  return { roles: shown.map((r) => r.role), next: kept.length > ROLES_PAGE ? shown.at(-1)!.at : null };
}

/**
 * The member counts of the groups these roles leave, one update per group still there (a role
 * that outlived its group, older data, has no count to change). Each bumps the group's
 * rolesVersion too, so a group delete or a recount that read the roles before is refused.
 */
export async function groupLeaveCounts(orgId: string, roles: readonly Pick<Role, 'groupId'>[]): Promise<Step[]> {
  const leaving = new Map<string, number>();
  for (const r of roles) leaving.set(r.groupId, (leaving.get(r.groupId) ?? 0) + 1);
  if (!leaving.size) return [];
  const found = await batchGetAll(
    tableName(),
    [...leaving.keys()].map((groupId) => keys.group(orgId, groupId)),
    'groupId',
  );
  return found.map(({ groupId }) => ({
    action: update(keys.group(orgId, String(groupId)), 'ADD rolesVersion :one, roleCount :n', {
      ':one': 1,
      ':n': -leaving.get(String(groupId))!,
    }),
  }));
}

/** The roles removed (their groups' counts and their members' marks are steps of their own). */
export const roleRemovals = (roles: readonly Pick<Role, 'orgId' | 'groupId' | 'memberId'>[]): Step[] =>
  roles.map((r) => ({ action: remove(keys.role(r.orgId, r.groupId, r.memberId)) }));

/** The group's name free again, unless another group holds it by now. */
export const groupNameRelease = (group: Pick<Group, 'orgId' | 'groupId' | 'groupName'>): Step => ({
  action: remove(keys.groupName(group.orgId, group.groupName), 'attribute_not_exists(PK) OR groupId = :g', {
    ':g': group.groupId,
  }),
});

/** The group removed, as it was read (`unchanged`), from the church's count. */
export const groupRemoval = (group: Pick<Group, 'orgId' | 'groupId'>, unchanged: Condition): Step => ({
  action: remove(keys.group(group.orgId, group.groupId), unchanged.condition, unchanged.values),
  counts: { groupCount: -1 },
});

/**
 * `n` roles more in the group's count, as a new roles version (a delete that read the old roles is
 * refused); the group must still be there.
 */
export const rolesCounted = (orgId: string, groupId: string, n: number): Step => ({
  action: update(keys.group(orgId, groupId), 'ADD rolesVersion :one, roleCount :n', { ':one': 1, ':n': n }),
});

/** One role more in the group's count. */
export const roleCounted = (orgId: string, groupId: string): Step => rolesCounted(orgId, groupId, 1);

/** A role's member renamed: its name and its place in the group's name order, together. */
export function roleRenamed(role: Pick<Role, 'orgId' | 'groupId' | 'memberId'>, memberName: string): Step {
  const order = keys.roleOrder(role.orgId, role.groupId, memberName, role.memberId);
  return {
    action: update(
      keys.role(role.orgId, role.groupId, role.memberId),
      'SET memberName = :n, GSI4PK = :g, GSI4SK = :at',
      {
        ':n': memberName,
        ':g': order.GSI4PK,
        ':at': order.GSI4SK,
      },
    ),
  };
}
