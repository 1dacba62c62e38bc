/**
 * A church's write counter: one item a minute, which expires on its own (the table's TTL) after an
 * hour. core/writeRate.ts decides what the count allows.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import { keys } from './keys';
import { ItemType, tableName } from './table';
import { conditionFailed } from './conditions';

const KEPT_S = 60 * 60;

/** Counts one write in the church's minute; false (and nothing counted) when `max` are counted already. */
export async function countWrite(orgId: string, minute: number, max: number, now: number): Promise<boolean> {
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
          ':max': max,
        },
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}
