import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import { batchGetAll } from '../../core/repos/batch';
import type { ChurchPrivacy, UserRecord } from '../../core/entities';
import { churchPrivacyOf } from '../../privacy/repos/privacy';
import { memberGroupIds, memberLeads } from '../../groups/repos/groupMarks';
import { keys } from '../../core/repos/keys';
import { queryAll } from '../../core/repos/query';
import { ItemType, conditionFailedAt, tableName, withoutKeys, prefixEnd } from '../../core/repos/table';
import { ConditionFailed, put, remove, transact, update, type Action, type Step } from '../../core/repos/transact';
import { appPlatformOf } from '../../contract/appPlatforms';
import { installsAttribute } from './appLink';

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

/** The member a token says its account is linked to (its claims), and whether that member was found. */
export interface ClaimedMember {
  memberId: string;
  familyId: string;
  found: boolean;
  /** The groups it is in (groups/repos/groupMarks.ts). */
  groupIds: ReadonlySet<string>;
  /** The groups it leads. */
  leads: ReadonlySet<string>;
}

/**
 * The user record and, in the same BatchGetItem, the member the token claims and (`withChurch`)
 * the church's privacy item: for a member's read of the directory one round trip instead of three
 * in a row (the record still decides; a claim that is no longer the record's link is read again
 * by its caller).
 */
export async function getUserRecordAndClaimedMember(
  orgId: string,
  userId: string,
  claim: { memberId: string | null; familyId: string | null },
  withChurch = false,
): Promise<{ user: UserRecord | null; claimed: ClaimedMember | null; church: ChurchPrivacy | null }> {
  const { memberId, familyId } = claim;
  const claimed = memberId && familyId ? keys.member(orgId, familyId, memberId) : null;
  if (!claimed && !withChurch) return { user: await getUserRecord(orgId, userId), claimed: null, church: null };
  const items = await batchGetAll(tableName(), [
    keys.user(orgId, userId),
    ...(claimed ? [claimed] : []),
    ...(withChurch ? [keys.privacy(orgId)] : []),
  ]);
  const user = items.find((i) => i.type === ItemType.user);
  const member = items.find((i) => i.type === ItemType.member);
  return {
    user: user ? withoutKeys<UserRecord>(user) : null,
    claimed:
      memberId && familyId
        ? {
            memberId,
            familyId,
            found: member !== undefined,
            groupIds: memberGroupIds(member ?? {}),
            leads: memberLeads(member ?? {}),
          }
        : null,
    church: withChurch ? churchPrivacyOf(items.find((i) => i.type === ItemType.privacy)) : null,
  };
}

/**
 * One write about an account of a member, all or nothing with a bump of the member's set of
 * dependants (its rolesVersion, as for a role): a member or family delete that read the member's
 * accounts before this write is refused, never leaving an account linked to a member that is
 * gone. 'member-gone' when the member is gone, 'account-refused' when the account's own condition failed.
 */
async function whileMemberStays(
  account: Action,
  orgId: string,
  familyId: string,
  memberId: string,
  audit: Step,
): Promise<'written' | 'member-gone' | 'account-refused'> {
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          account,
          update(keys.member(orgId, familyId, memberId), 'ADD rolesVersion :one', { ':one': 1 }),
          audit.action,
        ],
      }),
    );
    return 'written';
  } catch (error) {
    if (conditionFailedAt(error, 1)) return 'member-gone';
    if (conditionFailedAt(error, 0)) return 'account-refused';
    throw error;
  }
}

/**
 * Links the account to the member (addClaimCreds), only while the account is linked to nobody, is
 * no administrator and was not removed with its member (removeUserFromDirectory): nobody else's addition of a member with the same e-mail moves an
 * account that is already placed, or an administrator's. 'member-gone' when the member was deleted
 * meanwhile, 'not-linkable' when the account is linked or an administrator (now).
 */
export async function linkUserToMember(
  orgId: string,
  userId: string,
  memberId: string,
  familyId: string,
  audit: Step,
): Promise<'linked' | 'member-gone' | 'not-linkable'> {
  const link = update(
    keys.user(orgId, userId),
    'SET memberId = :m, familyId = :f',
    { ':m': memberId, ':f': familyId, ':yes': true, ':null': 'NULL' },
    'attribute_exists(PK) AND NOT (admin = :yes) AND NOT (removedFromDirectory = :yes) AND (attribute_not_exists(memberId) OR attribute_type(memberId, :null))',
  );
  const outcome = await whileMemberStays(link, orgId, familyId, memberId, audit);
  return outcome === 'written' ? 'linked' : outcome === 'account-refused' ? 'not-linkable' : outcome;
}

/** The member a user record is linked to, if it exists (one GetItem): with its groups. */
export async function linkedMember(user: UserRecord): Promise<ClaimedMember | null> {
  if (!user.memberId || !user.familyId) return null;
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.member(user.orgId, user.familyId, user.memberId),
      ProjectionExpression: 'memberId, groupIds, leads',
    }),
  );
  return {
    memberId: user.memberId,
    familyId: user.familyId,
    found: Item !== undefined,
    groupIds: memberGroupIds(Item ?? {}),
    leads: memberLeads(Item ?? {}),
  };
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
  const items = await queryAll({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    FilterExpression: '#type = :member',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':pk': keys.emailPartition(email), ':member': ItemType.member },
    ProjectionExpression: 'orgId, memberId, familyId',
  });
  return items.map((item) => ({
    orgId: String(item.orgId),
    memberId: String(item.memberId),
    familyId: String(item.familyId),
  }));
}

/** The member's (first) user record (sign-up); 'member-gone' when the member was deleted meanwhile. */
export async function createMemberUserRecord(
  user: UserRecord & { memberId: string; familyId: string },
  audit: Step,
): Promise<'created' | 'member-gone'> {
  const record = put(userItem(user), 'attribute_not_exists(PK)');
  const outcome = await whileMemberStays(record, user.orgId, user.familyId, user.memberId, audit);
  if (outcome === 'account-refused') throw new Error(`A user record ${user.userId} already exists`);
  return outcome === 'written' ? 'created' : 'member-gone';
}

/** The church's user records (one Query, paged past 1 MB), in no particular order. */
export async function listUserRecords(orgId: string): Promise<UserRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :user AND :userEnd',
    ExpressionAttributeValues: { ':pk': keys.orgPartition(orgId), ':user': 'USER#', ':userEnd': prefixEnd('USER#') },
  });
  return items.map((item) => withoutKeys<UserRecord>(item));
}

/**
 * Removes the record's admin right in one transaction with a check that `keeperId` is still an
 * admin: two admins taking each other's right at the same moment cannot both succeed, so the church
 * always keeps one. 'gone' when the record is gone, 'keeper-lost' when the keeper is no admin now.
 */
export async function removeAdminWhileKept(
  orgId: string,
  userId: string,
  keeperId: string,
  audit: Step,
): Promise<'removed' | 'gone' | 'keeper-lost'> {
  const keeperStaysAdmin: Action = {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.user(orgId, keeperId),
      ConditionExpression: 'admin = :yes',
      ExpressionAttributeValues: { ':yes': true },
    },
  };
  try {
    await transact(orgId, [
      { action: update(keys.user(orgId, userId), 'SET admin = :no', { ':no': false }) },
      { action: keeperStaysAdmin },
      audit,
    ]);
    return 'removed';
  } catch (error) {
    if (error instanceof ConditionFailed) return error.step === 0 ? 'gone' : 'keeper-lost';
    throw error;
  }
}

/** Sets the record's admin flag, with the change's audit entry; false when the record is gone. */
export async function setUserRecordAdmin(orgId: string, userId: string, admin: boolean, audit: Step): Promise<boolean> {
  try {
    await transact(orgId, [{ action: update(keys.user(orgId, userId), 'SET admin = :a', { ':a': admin }) }, audit]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
}

/**
 * Deletes the record, with the audit entry `audited` gives for the record as read; an account
 * whose app was linked leaves its church's install count with it.
 */
export async function deleteUserRecord(
  orgId: string,
  userId: string,
  audited: (user: UserRecord) => Step,
): Promise<void> {
  for (;;) {
    const user = await getUserRecord(orgId, userId);
    if (!user) return;
    const installed = appPlatformOf(user);
    try {
      return await transact(orgId, [
        { action: remove(keys.user(orgId, userId), ...linkAsRead(user)) },
        audited(user),
        ...(installed
          ? [{ action: update(keys.org(orgId), `ADD ${installsAttribute(installed)} :less`, { ':less': -1 }) }]
          : []),
      ]);
    } catch (error) {
      // The app linked (or the record went) meanwhile: read it again.
      if (!(error instanceof ConditionFailed)) throw error;
    }
  }
}

/**
 * The record's app link still as read: its platform and its flag each the same value, or each
 * still absent (or null). Any record as read meets it, so a retry ends once nothing moves.
 */
function linkAsRead(user: UserRecord): [string, Record<string, unknown>] {
  const same = (name: string, value: unknown) =>
    value === null || value === undefined
      ? `(attribute_not_exists(${name}) OR attribute_type(${name}, :null))`
      : `${name} = :${name}`;
  return [
    `attribute_exists(PK) AND ${same('platform', user.platform)} AND ${same('mobileAppLinked', user.mobileAppLinked)}`,
    {
      // DynamoDB refuses a value the expression does not use.
      ...(user.platform == null || user.mobileAppLinked == null ? { ':null': 'NULL' } : {}),
      ...(user.platform == null ? {} : { ':platform': user.platform }),
      ...(user.mobileAppLinked == null ? {} : { ':mobileAppLinked': user.mobileAppLinked }),
    },
  ];
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

/**
 * The account unlinked because its member (or its family) was deleted: marked removed, so it
 * links itself to no member again (linkUserToMember) until an administrator gives the address to
 * a member (readmitAddress). A family user giving the same address to a member of their own
 * family does not bring the person back.
 */
export const removeUserFromDirectory = (orgId: string, userId: string): Action =>
  update(keys.user(orgId, userId), 'SET memberId = :none, familyId = :none, removedFromDirectory = :yes', {
    ':none': null,
    ':yes': true,
  });

/** An administrator's word: the church's account of this address, if removed, may link itself again. */
export async function readmitAddress(orgId: string, email: string): Promise<void> {
  const index = keys.userEmailIndex(orgId, email);
  const { Items = [] } = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :e AND GSI2SK = :u',
      ExpressionAttributeValues: { ':e': index.GSI2PK, ':u': index.GSI2SK },
    }),
  );
  await Promise.all(
    Items.filter((i) => i.removedFromDirectory === true).map((i) =>
      ddb.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.user(orgId, String(i.userId)),
          UpdateExpression: 'REMOVE removedFromDirectory',
          ConditionExpression: 'attribute_exists(PK)',
        }),
      ),
    ),
  );
}
