/**
 * Invitations waiting for a day with room under the church's cap: one item per member
 * (`INVITEWAIT#<memberId>`, so queueing a member twice queues it once), and one item per church
 * with any waiting (`INVITEQUEUE`, in GSI1's INVITEQUEUES partition), which is how the hourly
 * sender finds the churches to serve without reading the others.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import { keys, normaliseEmail } from '../../core/repos/keys';
import { listUserRecords } from './users';
import { batchDeleteAll, batchGetAll, batchPutAll } from '../../core/repos/batch';
import { ItemType, prefixEnd, tableName, withoutKeys } from '../../core/repos/table';
import { queryCount } from '../../core/repos/query';

export interface WaitingInvitation {
  memberId: string;
  familyId: string;
  email: string;
  name: string;
  queuedAt: string;
  /** Mails tried and failed so far (the sender gives up after a few). */
  attempts: number;
}

const WAITING = 'INVITEWAIT#';

/** Queues the members (each once) and marks the church as having invitations waiting. */
export async function putWaiting(orgId: string, waiting: readonly WaitingInvitation[]): Promise<void> {
  if (!waiting.length) return;
  await batchPutAll(
    tableName(),
    waiting.map((w) => ({
      ...keys.invitationWaiting(orgId, w.memberId),
      type: ItemType.invitationWaiting,
      orgId,
      ...w,
    })),
  );
  // After the members: a sender that closes the queue meanwhile compares queuedAt, and leaves it open.
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.invitationQueue(orgId),
        ...keys.invitationQueueIndex(orgId),
        type: ItemType.invitationQueue,
        orgId,
        queuedAt: new Date().toISOString(),
      },
    }),
  );
}

/** The church's waiting invitations, oldest member ids first, at most `limit`. */
export async function readWaiting(orgId: string, limit: number): Promise<WaitingInvitation[]> {
  const { Items = [] } = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.orgPartition(orgId), ':from': WAITING, ':to': prefixEnd(WAITING) },
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return Items.map((i) => withoutKeys<WaitingInvitation & { orgId: string }>(i));
}

/** How many invitations wait (their keys counted, page by page past 1 MB). */
export const countWaiting = (orgId: string): Promise<number> =>
  queryCount({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.orgPartition(orgId), ':from': WAITING, ':to': prefixEnd(WAITING) },
  });

export async function dropWaiting(orgId: string, memberIds: readonly string[]): Promise<void> {
  await batchDeleteAll(
    tableName(),
    memberIds.map((id) => keys.invitationWaiting(orgId, id)),
  );
}

export async function countAttempt(orgId: string, memberId: string): Promise<void> {
  await ddb
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.invitationWaiting(orgId, memberId),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    )
    .catch((error: unknown) => {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    });
}

/** When the church last queued invitations (null: none wait). */
export async function queuedAt(orgId: string): Promise<string | null> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.invitationQueue(orgId), ConsistentRead: true }),
  );
  return Item ? String(Item.queuedAt) : null;
}

/** The church has no invitation waiting any more, unless it queued more since `since`. */
export async function closeQueue(orgId: string, since: string): Promise<void> {
  await ddb
    .send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.invitationQueue(orgId),
        ConditionExpression: 'queuedAt = :since',
        ExpressionAttributeValues: { ':since': since },
      }),
    )
    .catch((error: unknown) => {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    });
}

/** A page of the churches with invitations waiting, after the church `after` (GSI1 in id order). */
export async function churchesWaiting(
  after: string | null,
  limit: number,
): Promise<{ orgIds: string[]; next: string | null }> {
  const { Items = [], LastEvaluatedKey } = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: after ? 'GSI1PK = :pk AND GSI1SK > :after' : 'GSI1PK = :pk',
      ExpressionAttributeValues: {
        ':pk': keys.invitationQueueIndex('').GSI1PK,
        ...(after ? { ':after': after } : {}),
      },
      Limit: limit,
    }),
  );
  const orgIds = Items.map((i) => String(i.orgId));
  return { orgIds, next: LastEvaluatedKey ? orgIds.at(-1)! : null };
}

/** How many invitations the church sent on this day (UTC). */
export async function sentOn(orgId: string, day: string): Promise<number> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.invitationDay(orgId, day), ConsistentRead: true }),
  );
  return Number(Item?.sent ?? 0);
}

/**
 * The waiting invitations still wanted: the member is there, still holds the address it was
 * queued with, and no account of the church signed up with it meanwhile.
 */
export async function stillWanted(orgId: string, waiting: readonly WaitingInvitation[]): Promise<WaitingInvitation[]> {
  const [members, accounts] = await Promise.all([
    batchGetAll(
      tableName(),
      waiting.map((w) => keys.member(orgId, w.familyId, w.memberId)),
      'memberId, email',
    ),
    listUserRecords(orgId),
  ]);
  const held = new Map(members.map((m) => [String(m.memberId), normaliseEmail(String(m.email ?? ''))]));
  const signedUp = new Set(accounts.map((u) => normaliseEmail(u.email)));
  return waiting.filter(
    (w) => held.get(w.memberId) === normaliseEmail(w.email) && !signedUp.has(normaliseEmail(w.email)),
  );
}
