import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/ddb';
import type { UserRecord } from '../entities';
import { keys } from '../keys';
import { ItemType, conditionFailedAt, tableName, withoutKeys } from './table';
import { put, update, type Action } from './transact';

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
 * One write about an account of a member, all or nothing with a bump of the member's set of
 * dependants (its rolesVersion, as for a role): a member or family delete that read the member's
 * accounts before this write is refused, never leaving an account linked to a member that is
 * gone. False when the member is gone.
 */
async function whileMemberStays(account: Action, orgId: string, familyId: string, memberId: string): Promise<boolean> {
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          account,
          update(keys.member(orgId, familyId, memberId), 'ADD rolesVersion :one', { ':one': 1 }),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailedAt(error, 1)) return false;
    throw error;
  }
}

/** Links the account to the member (addClaimCreds); 'member-gone' when it was deleted meanwhile. */
export async function linkUserToMember(
  orgId: string,
  userId: string,
  memberId: string,
  familyId: string,
): Promise<'linked' | 'member-gone'> {
  const link = update(keys.user(orgId, userId), 'SET memberId = :m, familyId = :f', { ':m': memberId, ':f': familyId });
  return (await whileMemberStays(link, orgId, familyId, memberId)) ? 'linked' : 'member-gone';
}

/** The member of an organisation holding this e-mail, if any (GSI2: by e-mail). */
export async function findMemberByEmail(
  orgId: string,
  email: string,
): Promise<{ memberId: string; familyId: string } | null> {
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
    for (const item of page.Items ?? [])
      found.push({ orgId: String(item.orgId), memberId: String(item.memberId), familyId: String(item.familyId) });
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found;
}

/** The member's (first) user record (sign-up); 'member-gone' when the member was deleted meanwhile. */
export async function createMemberUserRecord(
  user: UserRecord & { memberId: string; familyId: string },
): Promise<'created' | 'member-gone'> {
  const record = put(userItem(user), 'attribute_not_exists(PK)');
  return (await whileMemberStays(record, user.orgId, user.familyId, user.memberId)) ? 'created' : 'member-gone';
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
  return (await listUserRecords(orgId)).filter(
    (u) => (u.memberId !== null && ids.has(u.memberId)) || (familyId !== undefined && u.familyId === familyId),
  );
}

/** A transaction step: the account no longer points at a member or family (they are being deleted). */
export const unlinkUser = (orgId: string, userId: string): Action =>
  update(keys.user(orgId, userId), 'SET memberId = :none, familyId = :none', { ':none': null });
