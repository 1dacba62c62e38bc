/**
 * Multi-item writes as one TransactWriteItems, with the organisation's counts changed in the same
 * transaction, so the integrity report finds nothing on data we wrote. Past DynamoDB's 100 actions
 * the work is split, and each part carries the count changes of its own actions, so the counts stay
 * true part by part.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/ddb';
import { AppError, notFound } from '../errors';
import { keys } from '../keys';
import { tableName } from './table';

export type Action = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface Counts {
  familyCount?: number;
  memberCount?: number;
  groupCount?: number;
}

export interface Step {
  action: Action;
  counts?: Counts;
}

const MAX_ACTIONS = 100;

/** A step's condition failed: `step` is its index in the list given to `transact`. */
export class ConditionFailed extends Error {
  constructor(readonly step: number) {
    super(`Condition of step ${step} failed`);
    this.name = 'ConditionFailed';
  }
}

export const CONCURRENT_WRITE = 'Someone else was saving this at the same moment. Please try again.';

export const put = (
  Item: Record<string, unknown>,
  ConditionExpression?: string,
  values?: Record<string, unknown>,
): Action => ({
  Put: { TableName: tableName(), Item, ConditionExpression, ExpressionAttributeValues: values },
});

export const remove = (
  Key: Record<string, unknown>,
  ConditionExpression = 'attribute_exists(PK)',
  values?: Record<string, unknown>,
): Action => ({
  Delete: { TableName: tableName(), Key, ConditionExpression, ExpressionAttributeValues: values },
});

export const update = (
  Key: Record<string, unknown>,
  UpdateExpression: string,
  values: Record<string, unknown>,
  ConditionExpression = 'attribute_exists(PK)',
): Action => ({
  Update: { TableName: tableName(), Key, UpdateExpression, ExpressionAttributeValues: values, ConditionExpression },
});

function counterAction(orgId: string, counts: Counts): Action | null {
  const names = Object.entries(counts).filter(([, by]) => by);
  if (!names.length) return null;
  return update(
    keys.org(orgId),
    `ADD ${names.map(([name]) => `${name} :${name}`).join(', ')}`,
    Object.fromEntries(names.map(([name, by]) => [`:${name}`, by])),
  );
}

function sumCounts(steps: Step[]): Counts {
  const total: Required<Counts> = { familyCount: 0, memberCount: 0, groupCount: 0 };
  for (const { counts } of steps)
    for (const [name, by] of Object.entries(counts ?? {})) total[name as keyof Counts] += by ?? 0;
  return total;
}

/**
 * Runs the steps (and the count changes) all or nothing, part by part past 100 actions. The SDK
 * gives each part a ClientRequestToken of its own (an idempotency token of the API model): when
 * it retries a part whose answer was lost after DynamoDB committed, DynamoDB answers the first
 * outcome instead of failing the part's conditions against its own writes (test/integration/faults.test.ts).
 */
export async function transact(orgId: string, steps: Step[]): Promise<void> {
  for (let start = 0; start < steps.length; start += MAX_ACTIONS - 1) {
    const part = steps.slice(start, start + MAX_ACTIONS - 1);
    const counter = counterAction(orgId, sumCounts(part));
    const TransactItems = [...part.map((s) => s.action), ...(counter ? [counter] : [])];
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems }));
    } catch (error) {
      throw explain(error, start, part.length);
    }
  }
}

function explain(error: unknown, offset: number, stepsInPart: number): unknown {
  const { name, CancellationReasons: reasons } = error as { name?: string; CancellationReasons?: { Code?: string }[] };
  if (name !== 'TransactionCanceledException' || !reasons) return error;
  const failed = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
  // The organisation's own item failed its condition: the church is gone (deleted meanwhile).
  if (failed >= stepsInPart) return notFound('Organization not found.');
  if (failed >= 0) return new ConditionFailed(offset + failed);
  if (reasons.some((r) => r.Code === 'TransactionConflict')) return new AppError('aborted', CONCURRENT_WRITE);
  return error;
}
