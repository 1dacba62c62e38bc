import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/ddb';
import type { UserRecord } from '../entities';
import { keys } from '../keys';
import { ItemType, tableName, withoutKeys } from './table';

export function userItem(user: UserRecord) {
  return {
    ...keys.user(user.orgId, user.userId),
    ...keys.userEmailIndex(user.orgId, user.email),
    type: ItemType.user,
    ...user,
  };
}

export async function getUserRecord(orgId: string, userId: string): Promise<UserRecord | null> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.user(orgId, userId) }));
  return Item ? withoutKeys<UserRecord>(Item) : null;
}

export async function linkUserToMember(orgId: string, userId: string, memberId: string, familyId: string) {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(orgId, userId),
      UpdateExpression: 'SET memberId = :m, familyId = :f',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':m': memberId, ':f': familyId },
    }),
  );
}

/** The member of an organisation holding this e-mail, if any (GSI2: by e-mail). */
export async function findMemberByEmail(orgId: string, email: string): Promise<{ memberId: string; familyId: string } | null> {
  const index = keys.memberEmailIndex(orgId, email);
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK = :sk',
      ExpressionAttributeValues: { ':pk': index.GSI2PK, ':sk': index.GSI2SK },
      Limit: 1,
    }),
  );
  const item = Items?.[0];
  return item ? { memberId: String(item.memberId), familyId: String(item.familyId) } : null;
}
