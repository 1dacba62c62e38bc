/**
 * The organisation deletion's table work: a page of the organisation's partition (its user records
 * first, then everything else), deleted with BatchWriteItem; and the last transaction that removes
 * the organisation record and its name claim and ends the job. Index entries (GSI1-3) are
 * attributes of these items, so they go with them.
 */
import { BatchWriteCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DeletedCounts } from '../../contract/jobs';
import { ddb } from '../../platform/aws/ddb';
import { mapLimit } from '../../platform/limit';
import { keys } from '../../core/repos/keys';
import { ItemType, tableName, prefixEnd } from '../../core/repos/table';

type Item = Record<string, unknown>;
export type TableKey = { PK: string; SK: string };

export type DeletionPhase = 'users' | 'items';

/**
 * Up to `limit` items of the organisation's partition: its user records (phase `users`), or every
 * item but the organisation record itself (phase `items`, which stays until the very end).
 * `more` is false when the partition holds nothing further.
 */
export async function orgPage(
  orgId: string,
  phase: DeletionPhase,
  limit: number,
): Promise<{ items: Item[]; more: boolean }> {
  const pk = keys.orgPartition(orgId);
  const page = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      ...(phase === 'users'
        ? {
            KeyConditionExpression: 'PK = :pk AND SK BETWEEN :user AND :userEnd',
            ExpressionAttributeValues: { ':pk': pk, ':user': 'USER#', ':userEnd': prefixEnd('USER#') },
          }
        : // A filter may not name the sort key: the organisation record is told by its type.
          {
            KeyConditionExpression: 'PK = :pk',
            FilterExpression: 'attribute_not_exists(#type) OR #type <> :org',
            ExpressionAttributeValues: { ':pk': pk, ':org': ItemType.org },
          }),
      ProjectionExpression: 'PK, SK, #type, userId, email',
      ExpressionAttributeNames: { '#type': 'type' },
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return { items: page.Items ?? [], more: page.LastEvaluatedKey !== undefined };
}

const KIND: Record<string, keyof DeletedCounts> = {
  [ItemType.family]: 'families',
  [ItemType.member]: 'members',
  [ItemType.group]: 'groups',
  [ItemType.role]: 'roles',
  [ItemType.user]: 'users',
  [ItemType.memberEmail]: 'memberEmailClaims',
  [ItemType.groupName]: 'groupNameClaims',
  [ItemType.audit]: 'auditEntries',
};

export function countKinds(items: Item[]): DeletedCounts {
  const counts: DeletedCounts = {};
  for (const item of items) {
    const kind = KIND[String(item.type)] ?? 'otherItems';
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

/** Deletes the keys, 25 per BatchWriteItem, 16 at a time, until none is left unprocessed. */
export async function deleteKeys(tableKeys: TableKey[]): Promise<void> {
  const chunks: TableKey[][] = [];
  for (let i = 0; i < tableKeys.length; i += 25) chunks.push(tableKeys.slice(i, i + 25));
  await mapLimit(chunks, 16, async (chunk) => {
    let pending: Record<string, Item[]> | undefined = {
      [tableName()]: chunk.map((Key) => ({ DeleteRequest: { Key } })),
    };
    for (let attempt = 0; pending && Object.keys(pending).length; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
      const { UnprocessedItems } = await ddb.send(new BatchWriteCommand({ RequestItems: pending as never }));
      pending = UnprocessedItems as Record<string, Item[]> | undefined;
    }
  });
}

/** The organisation's record and name claim (either may be gone already). */
export async function readOrgAndClaim(orgId: string): Promise<{ org: Item | null; claim: Item | null }> {
  const { Item: org } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.org(orgId), ConsistentRead: true }),
  );
  if (!org) return { org: null, claim: null };
  const { Item: claim } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.orgName(String(org.orgName)), ConsistentRead: true }),
  );
  return { org, claim: claim && claim.orgId === orgId ? claim : null };
}

/**
 * The last step, all or nothing: the organisation record, its name claim (when it is this
 * organisation's), and the job's end with those two counted. A crash before it leaves all three
 * for the next run; after it, nothing is left to do.
 */
export async function deleteOrgAndEndJob(
  jobId: string,
  orgId: string,
  org: Item | null,
  claim: Item | null,
): Promise<void> {
  const counts: DeletedCounts = {
    ...(org ? { organizations: 1 } : {}),
    ...(claim ? { organizationNameClaims: 1 } : {}),
  };
  const entries = Object.entries(counts);
  const now = new Date().toISOString();
  await ddb.send(
    new TransactWriteCommand({
      TransactItems: [
        ...(org
          ? [{ Delete: { TableName: tableName(), Key: keys.org(orgId), ConditionExpression: 'attribute_exists(PK)' } }]
          : []),
        ...(claim
          ? [
              {
                Delete: {
                  TableName: tableName(),
                  Key: keys.orgName(String(org!.orgName)),
                  ConditionExpression: 'orgId = :org',
                  ExpressionAttributeValues: { ':org': orgId },
                },
              },
            ]
          : []),
        {
          Update: {
            TableName: tableName(),
            Key: keys.job(jobId),
            UpdateExpression: `SET #status = :done, finishedAt = :now, updatedAt = :now${entries.map((_, i) => `, deletedCounts.#k${i} = if_not_exists(deletedCounts.#k${i}, :zero) + :n${i}`).join('')}${entries.length ? ' ADD itemsDone :items' : ''}`,
            ConditionExpression: '#status = :running',
            ExpressionAttributeNames: {
              '#status': 'status',
              ...Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])),
            },
            ExpressionAttributeValues: {
              ':done': 'SUCCEEDED',
              ':running': 'RUNNING',
              ':now': now,
              ':zero': 0,
              ...(entries.length ? { ':items': entries.length } : {}),
              ...Object.fromEntries(entries.map(([, n], i) => [`:n${i}`, n])),
            },
          },
        },
      ],
    }),
  );
}
