/**
 * Job records and their working items (`JOB#<jobId>` partition, see keys.ts). A job's status,
 * progress and result live here, not in the Step Functions execution, so a page reload (or a
 * restarted local stack) still finds them; the report's issues are items of the job's partition,
 * so the state machine's state stays a few hundred bytes whatever the findings.
 */
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DeletedCounts, IntegrityIssue, JobKind, JobStatus } from '../../contract/jobs';
import { ddb } from '../../platform/aws/ddb';
import { keys } from '../../core/repos/keys';
import { ItemType, tableName } from '../../core/repos/table';

type Item = Record<string, unknown>;

export interface JobRecord {
  jobId: string;
  kind: JobKind;
  status: JobStatus;
  startedBy: string;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
  executionArn: string | null;
  itemsDone: number;
  pagesDone: number;
  error: string | null;
  /** Report: the totals, once finished (the issues are ISSUE# items). */
  totalIssues?: number;
  issuesByCollection?: Record<string, number>;
  /** Deletion. */
  orgId?: string;
  orgName?: string;
  deletedCounts?: DeletedCounts;
  /** Deletion: the page being deleted (written before its deletes, tallied after them): table keys, S3 objects. */
  pending?: PendingPage | null;
  pendingObjects?: PendingPage | null;
}

/** A page of a deletion between "about to delete" and "counted": makes the counts exact across crashes. */
export interface PendingPage {
  /** DynamoDB keys or S3 object keys. */
  keys: Item[] | string[];
  counts: DeletedCounts;
  /** The S3 bucket of object keys; absent for table keys. */
  bucket?: string;
  /** Cognito accounts (user ids) to delete before the page's user records. */
  accounts?: string[];
}

const jobKey = keys.job;

export async function getJobRecord(jobId: string): Promise<JobRecord | null> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: jobKey(jobId), ConsistentRead: true }));
  return (Item as JobRecord | undefined) ?? null;
}

/** A new report job, RUNNING. */
export async function createReportJob(jobId: string, startedBy: string, now: string): Promise<void> {
  const record: JobRecord = {
    jobId,
    kind: 'integrityReport',
    status: 'RUNNING',
    startedBy,
    startedAt: now,
    updatedAt: now,
    finishedAt: null,
    executionArn: null,
    itemsDone: 0,
    pagesDone: 0,
    error: null,
  };
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...jobKey(jobId), type: ItemType.job, ...record },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/**
 * Claims an organisation's deletion job (one per organisation, so a second run resumes the first
 * one's counts): RUNNING unless it already runs. `staleExecution`: the execution that the caller
 * found no longer running, which may be replaced. Answers false when another run holds it.
 */
export async function claimDeletionJob(
  input: { jobId: string; orgId: string; orgName: string; startedBy: string; now: string },
  staleExecution: string | null,
): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(input.jobId),
        UpdateExpression:
          'SET #type = :type, jobId = :id, kind = :kind, #status = :running, startedBy = :by, startedAt = :now, updatedAt = :now, ' +
          'finishedAt = :null, executionArn = :null, #error = :null, orgId = :org, orgName = if_not_exists(orgName, :name), ' +
          'deletedCounts = if_not_exists(deletedCounts, :empty), itemsDone = if_not_exists(itemsDone, :zero), pagesDone = if_not_exists(pagesDone, :zero)',
        ConditionExpression:
          'attribute_not_exists(PK) OR #status <> :running' + (staleExecution ? ' OR executionArn = :stale' : ''),
        ExpressionAttributeNames: { '#type': 'type', '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: {
          ':type': ItemType.job,
          ':id': input.jobId,
          ':kind': 'orgDeletion',
          ':running': 'RUNNING',
          ':by': input.startedBy,
          ':now': input.now,
          ':null': null,
          ':org': input.orgId,
          ':name': input.orgName,
          ':empty': {},
          ':zero': 0,
          ...(staleExecution ? { ':stale': staleExecution } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export async function setJobExecution(jobId: string, executionArn: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(jobId),
      UpdateExpression: 'SET executionArn = :arn',
      ExpressionAttributeValues: { ':arn': executionArn },
    }),
  );
}

/** Progress of one page (report: items checked; deletion counts its items with the tally). */
export async function addJobProgress(jobId: string, items: number): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(jobId),
      UpdateExpression: 'ADD itemsDone :n, pagesDone :one SET updatedAt = :now',
      ExpressionAttributeValues: { ':n': items, ':one': 1, ':now': new Date().toISOString() },
    }),
  );
}

/** Ends a job. A job that already ended keeps its first ending (a late failure does not undo a success). */
export async function endJob(
  jobId: string,
  status: 'SUCCEEDED' | 'FAILED',
  fields: Partial<JobRecord> = {},
): Promise<boolean> {
  const sets = Object.entries(fields).map((_field, i) => `#f${i} = :f${i}`);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(jobId),
        UpdateExpression: `SET #status = :status, finishedAt = :now, updatedAt = :now${sets.length ? `, ${sets.join(', ')}` : ''}`,
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: {
          '#status': 'status',
          ...Object.fromEntries(Object.keys(fields).map((name, i) => [`#f${i}`, name])),
        },
        ExpressionAttributeValues: {
          ':status': status,
          ':running': 'RUNNING',
          ':now': new Date().toISOString(),
          ...Object.fromEntries(Object.values(fields).map((value, i) => [`:f${i}`, value])),
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

// --- Report: issues and page tallies -------------------------------------------------------------

/** The issue's identity in its job: one issue per document and field, so a retried page rewrites, never adds. */
export const issueKey = (i: IntegrityIssue) => `${i.collectionName}#${i.documentId}#${i.referencedField ?? ''}`;

async function batchWrite(requests: Item[]): Promise<void> {
  const chunks: Item[][] = [];
  for (let i = 0; i < requests.length; i += 25) chunks.push(requests.slice(i, i + 25));
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending: Record<string, Item[]> | undefined = { [tableName()]: chunk };
      for (let attempt = 0; pending && Object.keys(pending).length; attempt++) {
        if (attempt) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
        const { UnprocessedItems } = await ddb.send(new BatchWriteCommand({ RequestItems: pending as never }));
        pending = UnprocessedItems as Record<string, Item[]> | undefined;
      }
    }),
  );
}

export async function putIssues(jobId: string, issues: IntegrityIssue[]): Promise<void> {
  if (!issues.length) return;
  const unique = new Map(issues.map((i) => [issueKey(i), i]));
  await batchWrite(
    [...unique].map(([key, issue]) => ({
      PutRequest: { Item: { ...keys.jobIssue(jobId, key), type: ItemType.jobIssue, ...issue } },
    })),
  );
}

/** Per organisation: [families, members, groups] found, and the counts its record stores. */
export interface Tally {
  found: Record<string, [number, number, number]>;
  stored: Record<string, [number, number, number]>;
  /** Items checked in the page. */
  checked: number;
}

export async function putTally(jobId: string, page: number, tally: Tally): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.jobTally(jobId, page), type: ItemType.jobTally, ...tally },
    }),
  );
}

async function queryJob(
  jobId: string,
  prefix: string,
  projection?: { expression: string; names: Record<string, string> },
  limit = Infinity,
): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.jobPartition(jobId), ':prefix': prefix },
        ...(projection
          ? { ProjectionExpression: projection.expression, ExpressionAttributeNames: projection.names }
          : {}),
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && items.length < limit);
  return items.slice(0, limit);
}

export async function readTallies(jobId: string): Promise<Tally[]> {
  return (await queryJob(jobId, 'TALLY#')).map((i) => ({
    found: (i.found ?? {}) as Tally['found'],
    stored: (i.stored ?? {}) as Tally['stored'],
    checked: Number(i.checked ?? 0),
  }));
}

export async function countIssues(jobId: string): Promise<Record<string, number>> {
  const byCollection: Record<string, number> = {};
  for (const item of await queryJob(jobId, 'ISSUE#', { expression: '#c', names: { '#c': 'collectionName' } })) {
    const name = String(item.collectionName);
    byCollection[name] = (byCollection[name] ?? 0) + 1;
  }
  return byCollection;
}

export async function readIssues(jobId: string, limit: number): Promise<IntegrityIssue[]> {
  return (await queryJob(jobId, 'ISSUE#', undefined, limit)).map((i) => ({
    collectionName: String(i.collectionName),
    documentId: String(i.documentId),
    reason: String(i.reason),
    problematicOrgId: (i.problematicOrgId as string | null) ?? null,
    referencedField: (i.referencedField as string | null) ?? null,
    referencedValue: (i.referencedValue as string | null) ?? null,
  }));
}

// --- Deletion: the pending page ------------------------------------------------------------------

/** Where a deletion keeps its page in flight: table keys and S3 objects separately. */
export type PendingSlot = 'pending' | 'pendingObjects';

/** Records the page about to be deleted; false when one is pending already (a previous attempt's). */
export async function setPendingPage(jobId: string, slot: PendingSlot, page: PendingPage): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(jobId),
        UpdateExpression: 'SET #slot = :page',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(#slot) OR #slot = :null)',
        ExpressionAttributeNames: { '#slot': slot },
        ExpressionAttributeValues: { ':page': page, ':null': null },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * Adds a deleted page's counts and clears it, once: the condition on `pending` makes a retry after
 * a crash between the deletes and this update count the page exactly once.
 */
export async function tallyPendingPage(jobId: string, slot: PendingSlot, counts: DeletedCounts): Promise<void> {
  const entries = Object.entries(counts).filter(([, n]) => (n ?? 0) > 0);
  const items = entries.reduce((sum, [, n]) => sum + (n ?? 0), 0);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: jobKey(jobId),
        // ADD works on top-level attributes only: the map's counters are SET with if_not_exists.
        UpdateExpression: `SET #slot = :null, updatedAt = :now${entries.map((_, i) => `, deletedCounts.#k${i} = if_not_exists(deletedCounts.#k${i}, :zero) + :n${i}`).join('')} ADD itemsDone :items, pagesDone :one`,
        ConditionExpression: 'attribute_exists(#slot) AND #slot <> :null',
        ExpressionAttributeNames: { '#slot': slot, ...Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])) },
        ExpressionAttributeValues: {
          ':null': null,
          ':zero': 0,
          ':now': new Date().toISOString(),
          ':items': items,
          ':one': 1,
          ...Object.fromEntries(entries.map(([, n], i) => [`:n${i}`, n])),
        },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}
