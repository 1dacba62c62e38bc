/**
 * Forgets churches' write counts (core/churchLimits.ts), for tests and benches that send one
 * church hundreds of writes a minute to prove something else than its rate (church-limits.test.ts
 * proves the rate).
 */
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../lambdas/platform/aws/ddb';

export async function forgetWriteRates(tableName: string, orgIds: string[]): Promise<void> {
  for (const orgId of orgIds) {
    const { Items = [] } = await ddb.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :writes)',
        ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':writes': 'WRITES#' },
      }),
    );
    for (const { PK, SK } of Items) await ddb.send(new DeleteCommand({ TableName: tableName, Key: { PK, SK } }));
  }
}
