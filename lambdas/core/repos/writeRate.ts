/**
 * A church's write rate: one counter item a minute, taken before each ordinary write. It is a
 * separate request rather than part of the write's transaction so that every kind of write (single
 * updates included) counts the same way; a write that then fails still used its place, as a
 * request to any rate limit does. The items expire on their own (the table's TTL) after an hour.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import { WRITE_RATE_MESSAGE, WRITES_PER_MINUTE } from '../churchLimits';
import { AppError } from '../errors';
import { keys } from './keys';
import { ItemType, tableName } from './table';

const MINUTE_MS = 60_000;
const KEPT_S = 60 * 60;

export async function takeWrite(orgId: string, now = Date.now()): Promise<void> {
  const minute = Math.floor(now / MINUTE_MS);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.writeMinute(orgId, minute),
        UpdateExpression: 'SET #type = :type, orgId = :org, expiresAt = :expires ADD writes :one',
        ConditionExpression: 'attribute_not_exists(writes) OR writes < :max',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':type': ItemType.writeMinute,
          ':org': orgId,
          ':expires': Math.floor(now / 1000) + KEPT_S,
          ':one': 1,
          ':max': WRITES_PER_MINUTE,
        },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException')
      throw new AppError('resource-exhausted', WRITE_RATE_MESSAGE);
    throw error;
  }
}
