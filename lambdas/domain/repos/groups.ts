/**
 * Reading groups: a group's item and its roles share the 'GRP#<groupId>' prefix of the church's
 * partition (keys.ts), so all groups with all their roles are one Query, and one group with its
 * roles is one Query too.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/ddb';
import type { ChurchPrivacy, Group, Role } from '../entities';
import { keys } from '../keys';
import { queryAll } from './directory';
import { churchPrivacyOf } from './privacy';
import { ItemType, tableName, withoutKeys, prefixEnd } from './table';

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

/** Every group of the church with its roles, and the church's privacy item (its key sorts after them): one Query per 1 MB page. */
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
