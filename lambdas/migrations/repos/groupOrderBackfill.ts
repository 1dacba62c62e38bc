/**
 * Gives a church's groups and roles written before the groups' pages their places in the indexes
 * those pages read (keys.groupOrder on GSI1, keys.roleOrder on GSI4) and each group its member
 * count. Only items out of line are written, so a church already in line costs one read. Safe
 * beside live writes: a count is written only if the group's rolesVersion (which every role added
 * or removed bumps) is as read, else the group is read again in another pass; a role's place only
 * if its name is as read (a rename meanwhile writes its own).
 */
import { UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import type { Group } from '../../core/entities';
import { keys } from '../../core/repos/keys';
import { unchangedSince } from '../../core/repos/conditions';
import { queryAll } from '../../core/repos/query';
import { ItemType, prefixEnd, tableName, withoutKeys } from '../../core/repos/table';

const PASSES = 5;

export interface GroupOrderCount {
  groups: number;
  roles: number;
}

type Item = Record<string, unknown>;

/** False when the condition failed: the item moved since it was read. */
async function write(input: Omit<UpdateCommandInput, 'TableName'>): Promise<boolean> {
  try {
    await ddb.send(new UpdateCommand({ ...input, TableName: tableName() }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

const roleOrderOf = (role: Item) =>
  keys.roleOrder(String(role.orgId), String(role.groupId), String(role.memberName ?? ''), String(role.memberId));

/** The group's place and count set, if it still has the roles it was counted with. */
function countGroup(item: Item, roleCount: number): Promise<boolean> {
  const group = withoutKeys<Group>(item);
  const order = keys.groupOrder(group.orgId, group.groupName, group.groupId);
  const { condition, values } = unchangedSince(group, 'rolesVersion');
  return write({
    Key: keys.group(group.orgId, group.groupId),
    UpdateExpression: 'SET GSI1PK = :groups, GSI1SK = :at, roleCount = :n',
    ConditionExpression: condition,
    ExpressionAttributeValues: { ':groups': order.GSI1PK, ':at': order.GSI1SK, ':n': roleCount, ...values },
  });
}

/** The role's place in its group's name order, if its name is still the one it was computed from. */
function placeRole(item: Item): Promise<boolean> {
  const order = roleOrderOf(item);
  const named = typeof item.memberName === 'string';
  return write({
    Key: { PK: item.PK, SK: item.SK },
    UpdateExpression: 'SET GSI4PK = :g, GSI4SK = :at',
    ConditionExpression: named ? 'memberName = :n' : 'attribute_exists(PK) AND attribute_not_exists(memberName)',
    ExpressionAttributeValues: { ':g': order.GSI4PK, ':at': order.GSI4SK, ...(named ? { ':n': item.memberName } : {}) },
  });
}

/** One church's groups and roles put in line; how many items were written. */
export async function backfillGroupOrder(orgId: string): Promise<GroupOrderCount> {
  const count: GroupOrderCount = { groups: 0, roles: 0 };
  for (let pass = 0; pass < PASSES; pass++) {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :grp AND :grpEnd',
      ExpressionAttributeValues: { ':pk': keys.orgPartition(orgId), ':grp': 'GRP#', ':grpEnd': prefixEnd('GRP#') },
    });
    const roles = items.filter((i) => i.type === ItemType.role);
    const members = new Map<string, number>();
    for (const r of roles) members.set(String(r.groupId), (members.get(String(r.groupId)) ?? 0) + 1);
    let moved = false;
    for (const group of items.filter((i) => i.type === ItemType.group)) {
      const roleCount = members.get(String(group.groupId)) ?? 0;
      const order = keys.groupOrder(orgId, String(group.groupName), String(group.groupId));
      if (group.GSI1SK === order.GSI1SK && group.roleCount === roleCount) continue;
      if (await countGroup(group, roleCount)) count.groups++;
      else moved = true;
    }
    for (const role of roles) {
      if (role.GSI4SK === roleOrderOf(role).GSI4SK) continue;
      if (await placeRole(role)) count.roles++;
    }
    if (!moved) return count;
  }
  throw new Error(`Group order of church ${orgId}: groups kept changing for ${PASSES} passes; run again.`);
}
