/**
 * What an account was opened for (`ACCOUNT#<userId>` / OPENED): the church to register, or the
 * church whose sign-up link was used. It waits on the server, not in the browser that opened the
 * account, so whichever device proves the address finishes the sign-up. It expires with the
 * account's proof (the caller says when); DynamoDB's TTL removes it some time later, so a read
 * checks the expiry itself.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ChurchInfo } from '../../contract/auth';
import { keys, TABLE_SCHEMA } from '../../core/repos/keys';
import { ItemType, tableName } from '../../core/repos/table';
import { ddb } from '../../platform/aws/ddb';

export type OpenedFor = { kind: 'register'; churchInfo: ChurchInfo } | { kind: 'join'; orgId: string | null };

export async function keepOpenedFor(userId: string, openedFor: OpenedFor, expires: Date): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.openedAccount(userId),
        type: ItemType.openedAccount,
        openedFor,
        [TABLE_SCHEMA.timeToLive]: Math.floor(expires.getTime() / 1000),
      },
    }),
  );
}

/** What the account was opened for, or null (none kept, or expired). */
export async function openedFor(userId: string, now = Date.now()): Promise<OpenedFor | null> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.openedAccount(userId), ConsistentRead: true }),
  );
  if (!Item || Number(Item[TABLE_SCHEMA.timeToLive]) * 1000 <= now) return null;
  return Item.openedFor as OpenedFor;
}

/** Done with: the account now belongs to its church. */
export async function forgetOpenedFor(userId: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: tableName(), Key: keys.openedAccount(userId) }));
}
