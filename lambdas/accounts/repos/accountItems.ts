/**
 * What an account holds apart from any church, in its own partition (`ACCOUNT#<userId>`): what it
 * was opened for (repos/openedAccounts.ts) and when its two-step sign-in went on (repos/twoStep.ts).
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../core/repos/keys';
import { tableName } from '../../core/repos/table';
import { ddb } from '../../platform/aws/ddb';

/** Deletes every item of the account's own partition (those absent are no error). */
export async function forgetAccountItems(userId: string): Promise<void> {
  await Promise.all(
    [keys.openedAccount(userId), keys.twoStep(userId)].map((Key) =>
      ddb.send(new DeleteCommand({ TableName: tableName(), Key })),
    ),
  );
}
