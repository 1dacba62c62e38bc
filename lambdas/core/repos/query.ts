/** Queries read to their end: DynamoDB answers at most 1 MB per request, and a Query goes on from where the last page stopped. */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import { tableName } from './table';

type Item = Record<string, unknown>;
type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** Every page's answer of the Query, in order (after `startAfter`, the last key of a page read before). */
async function eachPage(
  input: QueryInput,
  onPage: (page: { Items?: Item[]; Count?: number }) => void,
  startAfter?: Item,
): Promise<void> {
  let ExclusiveStartKey: Item | undefined = startAfter;
  do {
    const page = await ddb.send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey }));
    onPage(page);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/** Every item the Query finds (after `startAfter`, when given). */
export async function queryAll(input: QueryInput, startAfter?: Item): Promise<Item[]> {
  const items: Item[] = [];
  await eachPage(input, (page) => items.push(...(page.Items ?? [])), startAfter);
  return items;
}

/** How many items the Query finds (Select COUNT: keys counted, no item sent). */
export async function queryCount(input: Omit<QueryInput, 'Select'>): Promise<number> {
  let total = 0;
  await eachPage({ ...input, Select: 'COUNT' }, (page) => (total += page.Count ?? 0));
  return total;
}
