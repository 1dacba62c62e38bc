/**
 * The church's exports: one item per export in its partition (keys.export), which is at once the
 * record the issue asks for (who started it, when, how many rows) and the job's state the page
 * follows. Keyed by start time, so the latest are one Query, newest first. In the church's
 * partition, so deleting the church deletes them.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ExportCounts, ExportStatus } from '../../contract/exports';
import { ddb } from '../../platform/aws/ddb';
import { keys } from '../../core/repos/keys';
import { conditionFailed } from '../../core/repos/conditions';
import { put, transact, type Step } from '../../core/repos/transact';
import { ItemType, prefixEnd, tableName, withoutKeys } from '../../core/repos/table';

export interface ExportRecord {
  orgId: string;
  jobId: string;
  status: ExportStatus;
  startedBy: string;
  startedAt: string;
  finishedAt: string | null;
  executionArn: string | null;
  counts: ExportCounts | null;
  /** The file in the exports bucket, once made. */
  fileKey: string | null;
}

/** Which export: the church, its start time and its id (the item's key). */
export type ExportRef = Pick<ExportRecord, 'orgId' | 'startedAt' | 'jobId'>;

const key = (ref: ExportRef) => keys.export(ref.orgId, ref.startedAt, ref.jobId);

/** The church's latest exports, newest first (one Query). */
export async function latestExports(orgId: string, limit: number): Promise<ExportRecord[]> {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.orgPartition(orgId), ':from': 'EXPORT#', ':to': prefixEnd('EXPORT#') },
      ScanIndexForward: false,
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map((item) => withoutKeys<ExportRecord>(item));
}

/** A new export, RUNNING. */
/** The export's record, RUNNING, with its audit entry `audit` (who started it). */
export async function createExport(ref: ExportRef, startedBy: string, audit: Step): Promise<ExportRecord> {
  const record: ExportRecord = {
    ...ref,
    status: 'RUNNING',
    startedBy,
    finishedAt: null,
    executionArn: null,
    counts: null,
    fileKey: null,
  };
  await transact(ref.orgId, [
    { action: put({ ...key(ref), type: ItemType.export, ...record }, 'attribute_not_exists(PK)') },
    audit,
  ]);
  return record;
}

/** Only while the export runs: a finished one is never changed again. The record after (null: not running). */
async function updateRunning(ref: ExportRef, set: string, values: Record<string, unknown>) {
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(ref),
        UpdateExpression: `SET ${set}`,
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'RUNNING', ...values },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys<ExportRecord>(Attributes!);
  } catch (error) {
    if (conditionFailed(error)) return null;
    throw error;
  }
}

export const setExportExecution = (ref: ExportRef, executionArn: string) =>
  updateRunning(ref, 'executionArn = :arn', { ':arn': executionArn });

export const finishExport = (ref: ExportRef, fileKey: string, counts: ExportCounts) =>
  updateRunning(ref, '#status = :done, finishedAt = :now, fileKey = :key, counts = :counts', {
    ':done': 'SUCCEEDED',
    ':now': new Date().toISOString(),
    ':key': fileKey,
    ':counts': counts,
  });

export const failExport = (ref: ExportRef) =>
  updateRunning(ref, '#status = :failed, finishedAt = :now', { ':failed': 'FAILED', ':now': new Date().toISOString() });
