/**
 * Change requests as items (keys.changeRequest): put in the transaction that asks (with its audit
 * entry), decided by a conditional update in the transaction that applies or rejects it, so a
 * request is decided once. The queue is GSI1's partition of the church's waiting requests; a
 * family's own are GSI3's partition of the family.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditChange } from '../../contract/audit';
import type { RequestStatus } from '../../contract/changeRequests';
import type { PixelSize } from '../../core/entities';
import { keys } from '../../core/repos/keys';
import { ItemType, tableName, withoutKeys } from '../../core/repos/table';
import { put, update, type Step } from '../../core/repos/transact';
import { ddb } from '../../platform/aws/ddb';

export interface ChangeRequest {
  requestId: string;
  orgId: string;
  familyId: string;
  familyName: string;
  kind: 'family' | 'member';
  recordId: string;
  recordName: string;
  /** The record's version when asked: applied only to that version. */
  baseVersion: number;
  changes: AuditChange[];
  /** A new family photo, taken from the photo pipeline when asked (its record is gone then). */
  photoSize?: PixelSize;
  status: RequestStatus;
  by: { userId: string; email: string };
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  note: string | null;
}

const DAY_SECONDS = 24 * 60 * 60;
/** A decided request is kept a year, as the audit trail is. */
const KEPT_DAYS = 365;

const place = (r: Pick<ChangeRequest, 'createdAt' | 'requestId'>) => `${r.createdAt}#${r.requestId}`;

export const requestAsked = (r: ChangeRequest): Step => ({
  action: put(
    {
      ...keys.changeRequest(r.orgId, r.requestId),
      GSI1PK: keys.changeQueuePartition(r.orgId),
      GSI1SK: place(r),
      GSI3PK: keys.familyChangesPartition(r.orgId, r.familyId),
      GSI3SK: place(r),
      type: ItemType.changeRequest,
      ...r,
    },
    'attribute_not_exists(PK)',
  ),
});

/** The request decided, only while it waits: out of the queue, kept a year. */
export function requestDecided(
  r: Pick<ChangeRequest, 'orgId' | 'requestId'>,
  decision: { status: RequestStatus; decidedAt: string; decidedBy: string; note: string | null },
): Step {
  const action = update(
    keys.changeRequest(r.orgId, r.requestId),
    'SET #status = :status, decidedAt = :at, decidedBy = :by, note = :note, expiresAt = :expires REMOVE GSI1PK, GSI1SK',
    {
      ':status': decision.status,
      ':at': decision.decidedAt,
      ':by': decision.decidedBy,
      ':note': decision.note,
      ':expires': Math.floor(Date.parse(decision.decidedAt) / 1000) + KEPT_DAYS * DAY_SECONDS,
      ':pending': 'pending',
    },
    '#status = :pending',
  );
  // `status` is one of DynamoDB's reserved words.
  return { action: { Update: { ...action.Update!, ExpressionAttributeNames: { '#status': 'status' } } } };
}

export async function readChangeRequest(orgId: string, requestId: string): Promise<ChangeRequest | null> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.changeRequest(orgId, requestId) }),
  );
  return Item ? withoutKeys<ChangeRequest>(Item) : null;
}

const asRequest = (item: Record<string, unknown>) => {
  const { expiresAt: _expires, ...request } = withoutKeys<ChangeRequest & { expiresAt?: number }>(item);
  return request;
};

/** A page of the church's waiting requests, oldest first, after `after` (a place this read gave). */
export async function readChangeQueue(
  orgId: string,
  after: string | null,
  limit: number,
): Promise<{ requests: ChangeRequest[]; last: string | null }> {
  const partition = keys.changeQueuePartition(orgId);
  const page = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :p',
      ExpressionAttributeValues: { ':p': partition },
      Limit: limit,
      ...(after && { ExclusiveStartKey: queueKey(orgId, after) }),
    }),
  );
  const requests = (page.Items ?? []).map(asRequest);
  const last = requests.at(-1);
  return { requests, last: page.LastEvaluatedKey && last ? place(last) : null };
}

function queueKey(orgId: string, at: string) {
  const requestId = at.slice(at.lastIndexOf('#') + 1);
  return {
    ...keys.changeRequest(orgId, requestId),
    GSI1PK: keys.changeQueuePartition(orgId),
    GSI1SK: at,
  };
}

/** How many requests wait in the church's queue, counting at most `limit` (keys only: one read). */
export async function countWaitingRequests(orgId: string, limit: number): Promise<number> {
  const page = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :p',
      ExpressionAttributeValues: { ':p': keys.changeQueuePartition(orgId) },
      Select: 'COUNT',
      Limit: limit,
    }),
  );
  return page.Count ?? 0;
}

/** A family's latest requests, newest first. */
export async function readFamilyRequests(orgId: string, familyId: string, limit: number): Promise<ChangeRequest[]> {
  const page = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :p',
      ExpressionAttributeValues: { ':p': keys.familyChangesPartition(orgId, familyId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (page.Items ?? []).map(asRequest);
}

/**
 * Marks the church's administrators told today that changes wait; false when they already were
 * (at most one mail a day).
 */
export async function claimChangeNotice(orgId: string, day: string): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.changeNotice(orgId),
        UpdateExpression: 'SET #day = :day, #type = :type, orgId = :org',
        ConditionExpression: 'attribute_not_exists(#day) OR #day <> :day',
        ExpressionAttributeNames: { '#day': 'day', '#type': 'type' },
        ExpressionAttributeValues: { ':day': day, ':type': ItemType.changeNotice, ':org': orgId },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
