/**
 * The whole table as a test last saw it, kept current from the table's change stream.
 *
 * Tests prove that a refused request changed nothing by comparing the table before and after it.
 * Reading the whole table twice per request grows with everything earlier test files wrote (tens
 * of thousands of items by the end of a run). The mirror turns on the table's change stream
 * instead, reads the table once, then at each look reads only the items the stream names as
 * written since, again from the table. So a look costs what changed, and compares what is stored
 * exactly as a whole read would: a write that puts an item back as it was is no change; any other
 * write anywhere is.
 *
 * The stream is on only while a test file watches (stopWatching, after each file): the local
 * DynamoDB keeps every record it ever streamed and each write costs more the more it keeps, so a
 * stream left on through the bulk-writing files would slow every later write of the run.
 */
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_SCHEMA } from '../../lambdas/core/repos/keys';
import { ItemType } from '../../lambdas/core/repos/table';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { stack } from './env';

type Item = Record<string, unknown>;

// The streams API lives at the table's own endpoint.
const streams = new DynamoDBStreamsClient({ endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB });
const TABLE = () => stack.env.TABLE_NAME!;
/** BatchGetItem's limit of keys per request. */
const BATCH_KEYS = 100;

/** An item as one string, its attributes in order; also the mirror's entry for it. */
const canonical = (item: Item) => JSON.stringify(item, Object.keys(item).sort());
const { partitionKey: PK, sortKey: SK } = TABLE_SCHEMA;
const keyOf = (key: Item) => `${String(key[PK])}\u0000${String(key[SK])}`;
/**
 * The per-minute write counters and an address's code (its tries) change with every request,
 * refused or not: they are limits, not data.
 */
export const isData = (item: Item) => item.type !== ItemType.writeMinute && item.type !== ItemType.addressProof;

interface Mirror {
  items: Map<string, string>;
  iterator: string;
}

let mirror: Mirror | undefined;
/** Whether this file turned the stream on (a failed look forgets the mirror, not the stream). */
let streaming = false;
/** One look at a time: each catches up from where the last left the stream. */
let looking: Promise<unknown> = Promise.resolve();

/** The table's stream, turned on if it is off. */
async function streamArn(): Promise<string> {
  streaming = true;
  const { Table } = await ddb.send(new DescribeTableCommand({ TableName: TABLE() }));
  if (Table?.StreamSpecification?.StreamEnabled) return Table.LatestStreamArn!;
  const { TableDescription } = await ddb.send(
    new UpdateTableCommand({
      TableName: TABLE(),
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' },
    }),
  );
  return TableDescription!.LatestStreamArn!;
}

/** The stream's one shard, from now on: opened before the first read, so no write falls between. */
async function openStream(): Promise<string> {
  const StreamArn = await streamArn();
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn }));
  const shards = StreamDescription?.Shards ?? [];
  if (shards.length !== 1)
    throw new Error(`The local table's stream has ${shards.length} shards; the mirror reads one.`);
  const { ShardIterator } = await streams.send(
    new GetShardIteratorCommand({ StreamArn, ShardId: shards[0]!.ShardId!, ShardIteratorType: 'LATEST' }),
  );
  return ShardIterator!;
}

async function scanAll(): Promise<Map<string, string>> {
  const items = new Map<string, string>();
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await ddb.send(new ScanCommand({ TableName: TABLE(), ExclusiveStartKey, ConsistentRead: true }));
    for (const item of page.Items ?? []) if (isData(item)) items.set(keyOf(item), canonical(item));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** The keys written since the iterator, and the iterator past them. */
async function changedKeys(iterator: string): Promise<{ keys: Map<string, Item>; iterator: string }> {
  const keys = new Map<string, Item>();
  for (;;) {
    const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
    const records = page.Records ?? [];
    for (const record of records) {
      // The table's keys are strings.
      const written = record.dynamodb!.Keys!;
      const key = { [PK]: written[PK]!.S, [SK]: written[SK]!.S };
      keys.set(keyOf(key), key);
    }
    iterator = page.NextShardIterator!;
    if (records.length === 0) return { keys, iterator };
  }
}

/** Reads the written keys again, consistently, and puts what is stored now in the mirror. */
async function catchUp(state: Mirror): Promise<Mirror> {
  const { keys, iterator } = await changedKeys(state.iterator);
  const pending = [...keys.values()];
  for (let i = 0; i < pending.length; i += BATCH_KEYS) {
    const batch = pending.slice(i, i + BATCH_KEYS);
    for (const key of batch) state.items.delete(keyOf(key));
    let request: Record<string, { Keys: Item[]; ConsistentRead: boolean }> | undefined = {
      [TABLE()]: { Keys: batch, ConsistentRead: true },
    };
    while (request && Object.keys(request).length > 0) {
      const answer = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of answer.Responses?.[TABLE()] ?? [])
        if (isData(item)) state.items.set(keyOf(item), canonical(item));
      request = answer.UnprocessedKeys as typeof request;
    }
  }
  state.iterator = iterator;
  return state;
}

/** The table's data items now, each as one string with its attributes in order, sorted. */
export function tableNow(): Promise<string[]> {
  const look = looking.then(async () => {
    try {
      mirror = await catchUp(mirror ?? { iterator: await openStream(), items: await scanAll() });
    } catch (error) {
      // A look that failed (a fault test's injected error) leaves the next to start from a whole read.
      mirror = undefined;
      throw error;
    }
    return [...mirror.items.values()].sort();
  });
  looking = look.catch(() => undefined);
  return look;
}

/** Forgets the mirror and turns the stream off (after each test file). */
export function stopWatching(): Promise<void> {
  const stop = looking.then(async () => {
    mirror = undefined;
    if (!streaming) return;
    streaming = false;
    await ddb.send(new UpdateTableCommand({ TableName: TABLE(), StreamSpecification: { StreamEnabled: false } }));
  });
  looking = stop.catch(() => undefined);
  return stop;
}
