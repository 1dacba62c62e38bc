/** Local DynamoDB: the dynoxide server (SQLite file), and the table made from TABLE_SCHEMA. */
import {
  CreateTableCommand,
  UpdateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { TABLE_SCHEMA } from '../../lambdas/core/repos/keys';
import type { LocalConfig } from './config';
import { assertPortFree, startChild, waitForPort } from './processes';

function findDynoxide(): string {
  if (process.env.DYNOXIDE_BIN) return process.env.DYNOXIDE_BIN;
  try {
    const pkg = createRequire(import.meta.url).resolve('@dynoxide/linux-x64/package.json');
    const bin = path.join(path.dirname(pkg), 'dynoxide');
    if (existsSync(bin)) return bin;
  } catch {
    // not installed for this platform: try the PATH
  }
  try {
    return execFileSync('which', ['dynoxide'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'No dynoxide binary found. On Linux x64 `npm ci` installs @dynoxide/linux-x64; elsewhere install dynoxide ' +
        '(see its README) and put it on the PATH, or set DYNOXIDE_BIN to its path.',
    );
  }
}

export async function startDynamo(config: LocalConfig): Promise<string> {
  const port = config.ports.dynamodb;
  await assertPortFree(port, 'DynamoDB (dynoxide)');
  startChild(
    'dynoxide',
    findDynoxide(),
    ['--host', '127.0.0.1', '--port', String(port), '--db-path', path.join(config.dataDir, 'dynamodb.sqlite')],
    {
      verbose: false,
    },
  );
  await waitForPort(port, 'dynoxide');
  const endpoint = `http://127.0.0.1:${port}`;
  await ensureTable(new DynamoDBClient({ endpoint, region: config.region }), config.tableName);
  return endpoint;
}

/** The same definition CDK deploys (lib/data.ts): string keys, GSIs projecting everything, on-demand. */
export function createTableInput(tableName: string) {
  const attributes = [
    TABLE_SCHEMA.partitionKey,
    TABLE_SCHEMA.sortKey,
    ...TABLE_SCHEMA.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: attributes.map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: TABLE_SCHEMA.indexes.map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}

async function ensureTable(client: DynamoDBClient, tableName: string) {
  let table;
  try {
    ({ Table: table } = await client.send(new DescribeTableCommand({ TableName: tableName })));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException) && (error as Error).name !== 'ResourceNotFoundException')
      throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.timeToLive, Enabled: true },
      }),
    );
    return;
  }
  // A table kept from an older version gains the indexes added since, one at a time as DynamoDB allows.
  const have = new Set((table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  const input = createTableInput(tableName);
  for (const index of input.GlobalSecondaryIndexes.filter((i) => !have.has(i.IndexName))) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: input.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
  }
}
