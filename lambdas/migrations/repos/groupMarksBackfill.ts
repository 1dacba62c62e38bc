/**
 * Brings a church's group marks (groups/repos/groupMarks.ts) in line with its roles: data written before
 * the marks existed has none, and the visibility rule reads only the marks. Idempotent, and safe
 * beside live writes: each item is written only as it was read (its version and its counter of
 * dependants unchanged); an item that moved meanwhile is read again in another pass.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import type { Family, Member } from '../../core/entities';
import { keys } from '../../core/repos/keys';
import { unchangedSince } from '../../core/repos/conditions';
import { readDirectory } from '../../directory/repos/directory';
import { familyGroupMarks, memberGroupIds, withGroupMarks } from '../../groups/repos/groupMarks';
import { readGroups } from '../../groups/repos/groups';
import { tableName } from '../../core/repos/table';

const PASSES = 5;

export interface BackfillCount {
  members: number;
  families: number;
}

const same = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/** Sets the attribute to the set, or removes it when empty; false when the item moved since it was read. */
async function write(
  key: Record<string, unknown>,
  attribute: 'groupIds' | 'memberGroups',
  value: ReadonlySet<string>,
  item: Family | Member,
  counter: 'membersVersion' | 'rolesVersion',
): Promise<boolean> {
  const { condition, values } = unchangedSince(item, counter);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: value.size ? `SET ${attribute} = :marks` : `REMOVE ${attribute}`,
        ConditionExpression: condition,
        ExpressionAttributeValues: { ...values, ...(value.size ? { ':marks': value } : {}) },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** One church's marks made true; how many items were written. */
export async function backfillGroupMarks(orgId: string): Promise<BackfillCount> {
  const count: BackfillCount = { members: 0, families: 0 };
  for (let pass = 0; pass < PASSES; pass++) {
    const [directory, { groups }] = await Promise.all([readDirectory(orgId), readGroups(orgId)]);
    const families = directory.map((d) => d.family);
    const members = directory.flatMap((d) => d.members);
    const marked = withGroupMarks(
      families,
      members,
      groups.flatMap((g) => g.roles),
    );
    let moved = false;
    for (const [i, family] of families.entries()) {
      const want = familyGroupMarks(marked.families[i]!);
      if (same(familyGroupMarks(family), want)) continue;
      if (await write(keys.family(orgId, family.familyId), 'memberGroups', want, family, 'membersVersion'))
        count.families++;
      else moved = true;
    }
    for (const [i, member] of members.entries()) {
      const want = memberGroupIds(marked.members[i]!);
      if (same(memberGroupIds(member), want)) continue;
      if (await write(keys.member(orgId, member.familyId, member.memberId), 'groupIds', want, member, 'rolesVersion'))
        count.members++;
      else moved = true;
    }
    if (!moved) return count;
  }
  throw new Error(`Group marks of church ${orgId}: items kept moving for ${PASSES} passes; run again.`);
}
