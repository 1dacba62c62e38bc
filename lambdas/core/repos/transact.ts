/**
 * Multi-item writes as one TransactWriteItems, with the organisation's counts changed in the same
 * transaction, so the integrity report finds nothing on data we wrote. Past DynamoDB's 100 actions
 * the work is split, and each part carries the count changes of its own actions, so the counts stay
 * true part by part.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import { CHURCH_LIMITS, churchLimitMessage, type Counts } from '../churchLimits';
import { AppError, notFound } from '../errors';
import { keys } from './keys';
import { tableName } from './table';

export type Action = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

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

/** A delete that holds whether or not the item is there (an index entry kept in step with its record). */
export const forget = (Key: Record<string, unknown>): Action => ({ Delete: { TableName: tableName(), Key } });

export const update = (
  Key: Record<string, unknown>,
  UpdateExpression: string,
  values: Record<string, unknown>,
  ConditionExpression = 'attribute_exists(PK)',
): Action => ({
  Update: { TableName: tableName(), Key, UpdateExpression, ExpressionAttributeValues: values, ConditionExpression },
});

/**
 * The organisation's counts change with the part; a count that grows keeps within its church limit
 * (the condition compares with the limit less the growth: conditions cannot add). On a refusal,
 * DynamoDB returns the item as it was, so explain() can tell a limit from a deleted church.
 */
function counterAction(orgId: string, counts: Counts): Action | null {
  const names = Object.entries(counts).filter(([, by]) => by) as [keyof Counts, number][];
  if (!names.length) return null;
  const growing = names.filter(([, by]) => by > 0);
  const action = update(
    keys.org(orgId),
    `ADD ${names.map(([name]) => `${name} :${name}`).join(', ')}`,
    Object.fromEntries([
      ...names.map(([name, by]) => [`:${name}`, by]),
      ...growing.map(([name, by]) => [`:${name}Room`, CHURCH_LIMITS[name] - by]),
    ]),
    [
      'attribute_exists(PK)',
      ...growing.map(([name]) => `(attribute_not_exists(${name}) OR ${name} <= :${name}Room)`),
    ].join(' AND '),
  );
  return { Update: { ...action.Update!, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' } };
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
    const counts = sumCounts(part);
    const counter = counterAction(orgId, counts);
    const TransactItems = [...part.map((s) => s.action), ...(counter ? [counter] : [])];
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems }));
    } catch (error) {
      throw explain(error, start, part.length, counts);
    }
  }
}

function explain(error: unknown, offset: number, stepsInPart: number, counts: Counts): unknown {
  const { name, CancellationReasons: reasons } = error as { name?: string; CancellationReasons?: { Code?: string }[] };
  if (name !== 'TransactionCanceledException' || !reasons) return error;
  const failed = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
  // The organisation's own item failed its condition: a limit, or the church is gone (deleted meanwhile).
  if (failed >= stepsInPart) {
    const org = (reasons[failed] as { Item?: Record<string, unknown> }).Item;
    const full = org && (Object.keys(CHURCH_LIMITS) as (keyof Counts)[]).find((name) => pastLimit(org, name, counts));
    return full ? new AppError('failed-precondition', churchLimitMessage(full)) : notFound('Organization not found.');
  }
  if (failed >= 0) return new ConditionFailed(offset + failed);
  if (reasons.some((r) => r.Code === 'TransactionConflict')) return new AppError('aborted', CONCURRENT_WRITE);
  return error;
}

/** Whether the part's growth of a count would pass its limit. The item comes back as DynamoDB wrote it ({ N: "20000" }) or unmarshalled, depending on the client. */
function pastLimit(org: Record<string, unknown>, name: keyof Counts, counts: Counts): boolean {
  const by = counts[name] ?? 0;
  const value = org[name];
  const count = Number(typeof value === 'object' && value && 'N' in value ? value.N : (value ?? 0));
  return by > 0 && count + by > CHURCH_LIMITS[name];
}
