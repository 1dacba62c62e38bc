/**
 * Gives a church's families and members written before the directory's surname order (GSI4) and
 * search words their place in both. Only items without their order key, or with one from an older
 * surname, are written, so a church already in order costs one read; each write is conditioned on
 * the surname it was computed from, so a rename meanwhile wins (and writes its own).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import type { Family, Member } from '../../core/entities';
import { keys } from '../../core/repos/keys';
import { batchPutAll } from '../../core/repos/batch';
import { queryAll } from '../../core/repos/query';
import { wordItemsOf } from '../../directory/repos/find';
import { ItemType, tableName, withoutKeys, prefixEnd } from '../../core/repos/table';

export interface OrderCount {
  families: number;
  members: number;
}

type Item = Record<string, unknown>;

const orderOf = (item: Item) =>
  item.type === ItemType.family
    ? keys.familyOrder(String(item.orgId), String(item.surname), String(item.familyId))
    : keys.memberOrder(String(item.orgId), String(item.surname), String(item.familyId), String(item.memberId));

async function setOrder(item: Item): Promise<boolean> {
  const order = orderOf(item);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: item.PK, SK: item.SK },
        UpdateExpression: 'SET GSI4PK = :dir, GSI4SK = :at',
        ConditionExpression: 'surname = :s',
        ExpressionAttributeValues: { ':dir': order.GSI4PK, ':at': order.GSI4SK, ':s': item.surname },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export async function backfillDirectoryOrder(orgId: string): Promise<OrderCount> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :fam AND :famEnd',
    ExpressionAttributeValues: { ':pk': keys.orgPartition(orgId), ':fam': 'FAM#', ':famEnd': prefixEnd('FAM#') },
  });
  const stale = items.filter(
    (i) => (i.type === ItemType.family || i.type === ItemType.member) && i.GSI4SK !== orderOf(i).GSI4SK,
  );
  const families = stale.filter((i) => i.type === ItemType.family).map((i) => withoutKeys<Family>(i));
  const members = stale.filter((i) => i.type === ItemType.member).map((i) => withoutKeys<Member>(i));
  // Words first: a record found before it is in order is harmless, as every search is checked on the record.
  await batchPutAll(tableName(), wordItemsOf(families, members));
  const count: OrderCount = { families: 0, members: 0 };
  for (const item of stale) if (await setOrder(item)) count[item.type === ItemType.family ? 'families' : 'members']++;
  return count;
}
