/**
 * BatchGetItem and BatchWriteItem that finish their work: DynamoDB may hand back unprocessed
 * keys or items under load, and a batch takes at most 100 keys / 25 writes.
 */
import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';

type Item = Record<string, unknown>;

export async function batchGetAll(table: string, keys: Item[], projection?: string): Promise<Item[]> {
  const found: Item[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let request: Record<string, { Keys: Item[]; ProjectionExpression?: string }> | undefined = {
      [table]: { Keys: keys.slice(i, i + 100), ProjectionExpression: projection },
    };
    while (request && Object.keys(request).length) {
      const {
        Responses,
        UnprocessedKeys,
      }: { Responses?: Record<string, Item[]>; UnprocessedKeys?: Record<string, { Keys?: Item[] }> } = await ddb.send(
        new BatchGetCommand({ RequestItems: request }),
      );
      found.push(...(Responses?.[table] ?? []));
      request = UnprocessedKeys as typeof request;
    }
  }
  return found;
}

type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };

/** The requests, 25 per BatchWriteItem, each batch sent again with what DynamoDB left unprocessed. */
async function batchWriteAll(table: string, requests: WriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let request: Record<string, WriteRequest[]> | undefined = { [table]: requests.slice(i, i + 25) };
    while (request && Object.keys(request).length) {
      const { UnprocessedItems } = await ddb.send(new BatchWriteCommand({ RequestItems: request }));
      request = UnprocessedItems as typeof request;
    }
  }
}

export const batchPutAll = (table: string, items: Item[]) =>
  batchWriteAll(
    table,
    items.map((item) => ({ PutRequest: { Item: item } })),
  );

/** Deletes the keys (a key already gone is no error). */
export const batchDeleteAll = (table: string, keys: Item[]) =>
  batchWriteAll(
    table,
    keys.map((Key) => ({ DeleteRequest: { Key } })),
  );
