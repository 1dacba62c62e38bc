/**
 * The "nothing changed" check itself (test/support/table-mirror.ts): it must see any write to any
 * item, as a whole read of the table would, and only real changes.
 */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ItemType } from '../../lambdas/core/repos/table';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { stack } from '../support/env';
import { newId, snapshotTable } from '../support/fixtures';
import { isData, stopWatching } from '../support/table-mirror';

const TableName = stack.env.TABLE_NAME!;

describe('the table mirror', () => {
  it('sees an item added, changed and removed anywhere, and a write that puts back what was there as no change', async () => {
    const Key = { PK: `MIRROR#${newId()}`, SK: 'ITEM' };
    const empty = await snapshotTable();

    await ddb.send(new PutCommand({ TableName, Item: { ...Key, value: 1 } }));
    const added = await snapshotTable();
    expect(added).not.toBe(empty);
    expect(added).toContain(Key.PK);

    await ddb.send(new PutCommand({ TableName, Item: { ...Key, value: 1 } }));
    expect(await snapshotTable()).toBe(added);

    await ddb.send(
      new UpdateCommand({
        TableName,
        Key,
        UpdateExpression: 'SET #v = :v',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':v': 2 },
      }),
    );
    const changed = await snapshotTable();
    expect(changed).not.toBe(added);
    expect(JSON.parse(changed)).toContain(JSON.stringify({ ...Key, value: 2 }));

    await ddb.send(new DeleteCommand({ TableName, Key }));
    expect(await snapshotTable()).toBe(empty);
  });

  it('is the same as a whole read of the table', async () => {
    await ddb.send(new PutCommand({ TableName, Item: { PK: `MIRROR#${newId()}`, SK: 'ITEM', value: 'x' } }));
    const mirrored = JSON.parse(await snapshotTable()) as string[];
    const items: Record<string, unknown>[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await ddb.send(new ScanCommand({ TableName, ExclusiveStartKey, ConsistentRead: true }));
      items.push(...(page.Items ?? []));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    const whole = items
      .filter(isData)
      .map((item) => JSON.stringify(item, Object.keys(item).sort()))
      .sort();
    expect(mirrored).toEqual(whole);
  });

  it('leaves out the write-rate counters, which a refused request still moves', async () => {
    const before = await snapshotTable();
    await ddb.send(
      new PutCommand({
        TableName,
        Item: { PK: `ORG#${newId()}`, SK: 'WRITES#1', type: ItemType.writeMinute, count: 1 },
      }),
    );
    expect(await snapshotTable()).toBe(before);
  });

  it('turns the stream off when the file stops watching, and sees writes made meanwhile when it looks again', async () => {
    const streamOn = async () =>
      (await ddb.send(new DescribeTableCommand({ TableName }))).Table?.StreamSpecification?.StreamEnabled ?? false;
    const before = await snapshotTable();
    expect(await streamOn()).toBe(true);

    await stopWatching();
    expect(await streamOn()).toBe(false);
    const Key = { PK: `MIRROR#${newId()}`, SK: 'ITEM' };
    await ddb.send(new PutCommand({ TableName, Item: { ...Key, value: 'unwatched' } }));

    const after = await snapshotTable();
    expect(await streamOn()).toBe(true);
    expect(after).not.toBe(before);
    expect(after).toContain(Key.PK);
  });
});
