import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/ddb';
import type { UserRecord } from '../entities';
import { keys } from '../keys';
import { ItemType, conditionFailedAt, tableName, withoutKeys } from './table';
import { update, type Action } from './transact';

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

/**
 * Links the account to the member, all or nothing with the member's rolesVersion bump (as
 * createMemberUserRecord does), so a member delete that read the accounts before is refused
 * instead of leaving this one linked to a member that is gone.
 */
export async function linkUserToMember(orgId: string, userId: string, memberId: string, familyId: string): Promise<'linked' | 'member-gone'> {
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.user(orgId, userId),
              UpdateExpression: 'SET memberId = :m, familyId = :f',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':m': memberId, ':f': familyId },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.member(orgId, familyId, memberId),
              UpdateExpression: 'ADD rolesVersion :one',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      }),
    );
    return 'linked';
  } catch (error) {
    if (conditionFailedAt(error, 1)) return 'member-gone';
    throw error;
  }
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

export interface MemberLink {
  orgId: string;
  memberId: string;
  familyId: string;
}

/**
 * Every member holding this e-mail, in any church: the GSI2 partition of the address holds its
 * members and its user records (one Query; a church holds an address at most once).
 */
export async function findMembersByEmailAnywhere(email: string): Promise<MemberLink[]> {
  const found: MemberLink[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        FilterExpression: '#type = :member',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':pk': keys.emailPartition(email), ':member': ItemType.member },
        ProjectionExpression: 'orgId, memberId, familyId',
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) found.push({ orgId: String(item.orgId), memberId: String(item.memberId), familyId: String(item.familyId) });
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found;
}

/**
 * The member's (first) user record, all or nothing with the check that the member still exists.
 * The member's set of dependants changes (its rolesVersion, as for a role), so a member or family
 * delete that read the member's accounts before this one was linked is refused, never leaving it
 * linked to a member that is gone.
 */
export async function createMemberUserRecord(user: UserRecord & { memberId: string; familyId: string }): Promise<'created' | 'member-gone'> {
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: userItem(user), ConditionExpression: 'attribute_not_exists(PK)' } },
          {
            Update: {
              TableName: tableName(),
              Key: keys.member(user.orgId, user.familyId, user.memberId),
              UpdateExpression: 'ADD rolesVersion :one',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      }),
    );
    return 'created';
  } catch (error) {
    if (conditionFailedAt(error, 1)) return 'member-gone';
    throw error;
  }
}

/** The church's user records (one Query, paged past 1 MB), in no particular order. */
export async function listUserRecords(orgId: string): Promise<UserRecord[]> {
  const users: UserRecord[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :user)',
        ExpressionAttributeValues: { ':pk': keys.orgPartition(orgId), ':user': 'USER#' },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) users.push(withoutKeys<UserRecord>(item));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return users;
}

/** Sets the record's admin flag; null when the record is gone. */
export async function setUserRecordAdmin(orgId: string, userId: string, admin: boolean): Promise<UserRecord | null> {
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(orgId, userId),
        UpdateExpression: 'SET admin = :a',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':a': admin },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? withoutKeys<UserRecord>(Attributes) : null;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}

export async function deleteUserRecord(orgId: string, userId: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: tableName(), Key: keys.user(orgId, userId) }));
}

/** The church's accounts linked to any of these members, or to the family: unlinked when those go. */
export async function usersLinkedTo(orgId: string, memberIds: string[], familyId?: string): Promise<UserRecord[]> {
  const ids = new Set(memberIds);
  return (await listUserRecords(orgId)).filter((u) => (u.memberId !== null && ids.has(u.memberId)) || (familyId !== undefined && u.familyId === familyId));
}

/** A transaction step: the account no longer points at a member or family (they are being deleted). */
export const unlinkUser = (orgId: string, userId: string): Action =>
  update(keys.user(orgId, userId), 'SET memberId = :none, familyId = :none', { ':none': null });
