/**
 * When an account's two-step sign-in was last turned on through the API (`ACCOUNT#<userId>` /
 * TWOSTEP): the super-admin's routes admit only a token whose sign-in came after it
 * (platform/wiring/operatorMfa.ts). Written by setTwoStep (accounts/twoStep.ts), and once for the
 * operator whose step went on before any moment was kept (accounts/operatorTwoStep.ts).
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../core/repos/keys';
import { ItemType, tableName } from '../../core/repos/table';
import { ddb } from '../../platform/aws/ddb';

/** The moment (epoch ms) the account's second step was last turned on, or null when none is kept. */
export async function twoStepOnSince(userId: string): Promise<number | null> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.twoStep(userId), ConsistentRead: true }),
  );
  const since = Item ? Date.parse(String(Item.twoStepOnSince)) : NaN;
  return Number.isFinite(since) ? since : null;
}

const twoStepItem = (userId: string, since: Date) => ({
  ...keys.twoStep(userId),
  type: ItemType.twoStep,
  userId,
  twoStepOnSince: since.toISOString(),
});

export async function keepTwoStepOnSince(userId: string, since: Date): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: twoStepItem(userId, since),
    }),
  );
}

/** Keeps `since` only when no moment is kept yet; false when one was (it stays as it is). */
export async function keepFirstTwoStepOnSince(userId: string, since: Date): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: twoStepItem(userId, since),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export async function forgetTwoStepOnSince(userId: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: tableName(), Key: keys.twoStep(userId) }));
}
