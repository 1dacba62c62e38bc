/**
 * The code mailed to an address that asked for an account (`PROOF#<email>` / PROOF), kept until
 * the address is proven. Only the code's hash is kept. The item is written the same way for every
 * address: an address that already has an account gets a hash of a code nobody was sent, so its
 * item, its limits and its refusals are those of any other.
 *
 * Limits: MAILS_PER_DAY messages per address in a day (counted from the first), and TRIES wrong
 * codes per mailed code; a new message replaces the code and its tries.
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys, normaliseEmail, TABLE_SCHEMA } from '../../core/repos/keys';
import { ItemType, tableName } from '../../core/repos/table';
import { ddb } from '../../platform/aws/ddb';
import type { OpenedFor } from './openedAccounts';

export const MAILS_PER_DAY = 5;
export const TRIES = 5;
/** A code lasts a day, as Cognito's do. */
export const CODE_HOURS = 24;

const DAY_MS = 86_400_000;

export interface ProofRequest {
  email: string;
  name: string;
  purpose: OpenedFor;
  code: string;
}

const hashOf = (email: string, code: string) =>
  createHash('sha256')
    .update(`${normaliseEmail(email)}:${code}`)
    .digest('hex');

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/**
 * Keeps the request's code (replacing the one before) unless the address had its day's messages;
 * answers whether the message may go.
 */
export async function keepProof(request: ProofRequest, now = new Date()): Promise<'kept' | 'limit'> {
  const values = {
    ':type': ItemType.addressProof,
    ':email': normaliseEmail(request.email),
    ':name': request.name,
    ':purpose': request.purpose,
    ':hash': hashOf(request.email, request.code),
    ':zero': 0,
    ':one': 1,
    ':expires': Math.floor((now.getTime() + CODE_HOURS * 3_600_000) / 1000),
  };
  const set =
    'SET #type = :type, email = :email, #name = :name, purpose = :purpose, codeHash = :hash, tries = :zero, #ttl = :expires';
  const names = { '#type': 'type', '#name': 'name', '#ttl': TABLE_SCHEMA.timeToLive };
  const update = (expression: string, condition: string, more: Record<string, unknown>) =>
    ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.addressProof(request.email),
        UpdateExpression: expression,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ...values, ...more },
      }),
    );
  try {
    // The first message of a day (no item, or its day is over) starts the count again.
    await update(`${set}, mails = :one, dayStart = :now`, 'attribute_not_exists(PK) OR dayStart < :dayAgo', {
      ':now': now.getTime(),
      ':dayAgo': now.getTime() - DAY_MS,
    });
    return 'kept';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  try {
    await update(`${set}, mails = mails + :one`, 'mails < :max', { ':max': MAILS_PER_DAY });
    return 'kept';
  } catch (error) {
    if (isConditionFailure(error)) return 'limit';
    throw error;
  }
}

export type ProofCheck = { outcome: 'proven'; name: string; purpose: OpenedFor } | { outcome: 'wrong' | 'spent' };

/**
 * Checks a code against the address's: `spent` when there is none (expired, never asked) or its
 * tries are used up; a wrong code uses one try. A right code leaves the item (forgetProof removes
 * it once the account is made), so a failure after it can be tried again with the same code.
 */
export async function checkProof(email: string, code: string, now = Date.now()): Promise<ProofCheck> {
  const key = keys.addressProof(email);
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  if (!Item || Number(Item[TABLE_SCHEMA.timeToLive]) * 1000 <= now || Number(Item.tries) >= TRIES) {
    return { outcome: 'spent' };
  }
  if (Item.codeHash === hashOf(email, code)) {
    return { outcome: 'proven', name: String(Item.name), purpose: Item.purpose as OpenedFor };
  }
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD tries :one',
        ConditionExpression: 'codeHash = :hash AND tries < :max',
        ExpressionAttributeValues: { ':one': 1, ':hash': Item.codeHash, ':max': TRIES },
      }),
    );
  } catch (error) {
    // A new code was mailed meanwhile, or the tries ran out: this one is wrong either way.
    if (!isConditionFailure(error)) throw error;
  }
  return { outcome: 'wrong' };
}

/** Done with: the address is proven and its account made. */
export async function forgetProof(email: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: tableName(), Key: keys.addressProof(email) }));
}
