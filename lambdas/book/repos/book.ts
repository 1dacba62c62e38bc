/**
 * The church's printed book: one item in its partition (keys.book) that is at once the record of
 * the current (or last) run, the lock that makes books one at a time (claimBook is a conditional
 * write), and the pointer to the finished file, kept until the next run succeeds. In the church's
 * partition, so deleting the church deletes it.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BookStatus } from '../../contract/book';
import type { PaperSize } from '../../contract/pdf';
import { ddb } from '../../platform/aws/ddb';
import { keys } from '../../core/repos/keys';
import { conditionFailed } from '../../core/repos/conditions';
import { ItemType, tableName } from '../../core/repos/table';

export interface BookRecord {
  orgId: string;
  jobId: string;
  status: BookStatus;
  paper: PaperSize;
  photos: boolean;
  startedBy: string;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
  executionArn: string | null;
  pagesDone: number;
  totalPages: number;
  /** The last finished book's file in the exports bucket (null: the church had nothing to print). */
  fileKey: string | null;
  error: string | null;
}

export interface BookClaim {
  orgId: string;
  jobId: string;
  paper: PaperSize;
  photos: boolean;
  startedBy: string;
  now: string;
}

export async function getBook(orgId: string): Promise<BookRecord | null> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.book(orgId), ConsistentRead: true }),
  );
  return (Item as BookRecord | undefined) ?? null;
}

/**
 * Makes this run the church's book, RUNNING, unless another run is RUNNING (then false: the caller
 * joins it). `staleExecution`: a RUNNING run's execution the caller found ended, which may be
 * replaced. The last finished file stays until this run succeeds.
 */
export async function claimBook(claim: BookClaim, staleExecution: string | null): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.book(claim.orgId),
        UpdateExpression:
          'SET #type = :type, orgId = :org, jobId = :job, #status = :running, paper = :paper, photos = :photos, ' +
          'startedBy = :by, startedAt = :now, updatedAt = :now, finishedAt = :null, executionArn = :null, ' +
          'pagesDone = :zero, totalPages = :zero, #error = :null, fileKey = if_not_exists(fileKey, :null)',
        ConditionExpression:
          'attribute_not_exists(PK) OR #status <> :running' + (staleExecution ? ' OR executionArn = :stale' : ''),
        ExpressionAttributeNames: { '#type': 'type', '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: {
          ':type': ItemType.book,
          ':org': claim.orgId,
          ':job': claim.jobId,
          ':running': 'RUNNING',
          ':paper': claim.paper,
          ':photos': claim.photos,
          ':by': claim.startedBy,
          ':now': claim.now,
          ':null': null,
          ':zero': 0,
          ...(staleExecution ? { ':stale': staleExecution } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Only while this run is the church's running book: a later run's record is never touched.
 * The record as it was before (null: not this run's to change).
 */
async function updateRun(
  orgId: string,
  jobId: string,
  set: string,
  values: Record<string, unknown>,
  names: Record<string, string> = {},
): Promise<BookRecord | null> {
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.book(orgId),
        UpdateExpression: `SET ${set}, updatedAt = :updated`,
        ConditionExpression: 'jobId = :job AND #status = :running',
        ExpressionAttributeNames: { '#status': 'status', ...names },
        ExpressionAttributeValues: {
          ':job': jobId,
          ':running': 'RUNNING',
          ':updated': new Date().toISOString(),
          ...values,
        },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes as BookRecord;
  } catch (error) {
    if (conditionFailed(error)) return null;
    throw error;
  }
}

export const setBookExecution = (orgId: string, jobId: string, executionArn: string) =>
  updateRun(orgId, jobId, 'executionArn = :arn', { ':arn': executionArn });

export const setBookProgress = (orgId: string, jobId: string, pagesDone: number, totalPages: number) =>
  updateRun(orgId, jobId, 'pagesDone = :done, totalPages = :total', { ':done': pagesDone, ':total': totalPages });

/** A part's pages added to the pages done (parts run side by side; a retried part's may count twice: readers cap at the total). */
export const addBookProgress = (orgId: string, jobId: string, pages: number) =>
  updateRun(orgId, jobId, 'pagesDone = pagesDone + :pages', { ':pages': pages });

/**
 * The run's file becomes the church's book: the file it replaces (null: none, or the same), for
 * the caller to delete; undefined when the run is no longer the church's running book.
 */
export async function finishBook(
  orgId: string,
  jobId: string,
  fileKey: string | null,
  totalPages: number,
): Promise<string | null | undefined> {
  const before = await updateRun(
    orgId,
    jobId,
    '#status = :done, finishedAt = :now, fileKey = :key, pagesDone = :total, totalPages = :total',
    { ':done': 'SUCCEEDED', ':now': new Date().toISOString(), ':key': fileKey, ':total': totalPages },
  );
  if (!before) return undefined;
  return before.fileKey && before.fileKey !== fileKey ? before.fileKey : null;
}

export const failBook = (orgId: string, jobId: string, error: string) =>
  updateRun(
    orgId,
    jobId,
    '#status = :failed, finishedAt = :now, #error = :error',
    {
      ':failed': 'FAILED',
      ':now': new Date().toISOString(),
      ':error': error,
    },
    { '#error': 'error' },
  );
