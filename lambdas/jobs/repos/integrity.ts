/**
 * The integrity report's reads: one Scan page of the whole table, and the answers to what its
 * items refer to, fetched in as few requests as possible (items already in the page answer
 * themselves; the rest are one BatchGetItem per 100 keys; a GSI3 Query only for a member not
 * where its referrer says; S3 HEADs and Cognito look-ups a few at a time).
 */
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { getPoolUser } from '../../platform/aws/pool-users';
import { ddb } from '../../platform/aws/ddb';
import { env } from '../../platform/env';
import { mapLimit } from '../../platform/limit';
import { objectStatus } from '../../platform/aws/s3-objects';
import type { Resolver } from '../integrity';
import { keys } from '../../core/repos/keys';
import { batchGetAll } from '../../core/repos/batch';
import { tableName } from '../../core/repos/table';

type Item = Record<string, unknown>;
type Cursor = Record<string, unknown> | null;

export async function scanPage(cursor: Cursor, limit: number): Promise<{ items: Item[]; next: Cursor }> {
  const page = await ddb.send(
    new ScanCommand({ TableName: tableName(), Limit: limit, ExclusiveStartKey: cursor ?? undefined }),
  );
  return { items: page.Items ?? [], next: (page.LastEvaluatedKey as Cursor | undefined) ?? null };
}

const keyId = (k: { PK: string; SK: string }) => `${k.PK}\u0000${k.SK}`;

/**
 * Answers `check(resolver)`'s questions. The check runs with what is known; each question it asks
 * that is not known yet is collected and answered in one batch, and the check runs again, until it
 * asks nothing new (about three rounds: keys, then members by id, done). Only the last run's
 * result counts; earlier runs see "exists" for unknowns and are thrown away.
 */
export async function resolveFor<T>(pageItems: readonly Item[], check: (resolver: Resolver) => T): Promise<T> {
  const table = new Map<string, Item | null>(pageItems.map((i) => [keyId(i as { PK: string; SK: string }), i]));
  const byId = new Map<string, Item | null>();
  const photos = new Map<string, boolean>();
  const accounts = new Map<string, { sub: string } | null>();
  const PLACEHOLDER: Item = {};

  for (let round = 0; round < 6; round++) {
    const wantKeys = new Map<string, { PK: string; SK: string }>();
    const wantIds = new Map<string, { orgId: string; memberId: string }>();
    const wantPhotos = new Set<string>();
    const wantAccounts = new Set<string>();
    const get = (key: { PK: string; SK: string }): Item | null => {
      const id = keyId(key);
      if (table.has(id)) return table.get(id)!;
      wantKeys.set(id, key);
      return PLACEHOLDER;
    };
    const resolver: Resolver = {
      org: (orgId) => get(keys.org(orgId)),
      family: (orgId, familyId) => get(keys.family(orgId, familyId)),
      group: (orgId, groupId) => get(keys.group(orgId, groupId)),
      member: (orgId, familyId, memberId) => get(keys.member(orgId, familyId, memberId)),
      user: (orgId, userId) => get(keys.user(orgId, userId)),
      memberById: (orgId, memberId) => {
        const id = `${orgId}\u0000${memberId}`;
        if (byId.has(id)) return byId.get(id)!;
        wantIds.set(id, { orgId, memberId });
        return PLACEHOLDER;
      },
      photoExists: (path) => {
        if (photos.has(path)) return photos.get(path)!;
        wantPhotos.add(path);
        return true;
      },
      account: (userId) => {
        if (accounts.has(userId)) return accounts.get(userId)!;
        wantAccounts.add(userId);
        return { sub: userId };
      },
    };
    const result = check(resolver);
    if (!wantKeys.size && !wantIds.size && !wantPhotos.size && !wantAccounts.size) return result;

    await Promise.all([
      (async () => {
        if (!wantKeys.size) return;
        // 100 keys per BatchGetItem, several at a time (a page's roles ask for up to a page of members).
        const all = [...wantKeys.values()];
        const chunks: (typeof all)[] = [];
        for (let i = 0; i < all.length; i += 100) chunks.push(all.slice(i, i + 100));
        const got = (await mapLimit(chunks, 8, (chunk) => batchGetAll(tableName(), chunk))).flat();
        for (const id of wantKeys.keys()) table.set(id, null);
        for (const item of got) table.set(keyId(item as { PK: string; SK: string }), item);
      })(),
      mapLimit([...wantIds], 16, async ([id, { orgId, memberId }]) => {
        const { Items } = await ddb.send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: 'GSI3',
            KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK = :sk',
            ExpressionAttributeValues: {
              ':pk': keys.memberById(orgId, memberId).GSI3PK,
              ':sk': keys.memberById(orgId, memberId).GSI3SK,
            },
          }),
        );
        byId.set(id, Items?.[0] ?? null);
      }),
      // 404: gone. Anything else but 200 (403 without ListBucket, 5xx) is not a finding: fail the page so it is retried.
      mapLimit([...wantPhotos], 16, async (path) => {
        const status = await objectStatus(env('PHOTOS_BUCKET'), path);
        if (status !== 200 && status !== 404) throw new Error(`HEAD ${path} answered ${status}`);
        photos.set(path, status === 200);
      }),
      mapLimit([...wantAccounts], 8, async (userId) => {
        accounts.set(userId, await getPoolUser(userId));
      }),
    ]);
  }
  throw new Error('The integrity checks kept asking for more references');
}

/** User records by organisation and user id (the Cognito side of the report). */
export async function getUserRecords(refs: { orgId: string; userId: string }[]): Promise<Map<string, Item>> {
  const found = await batchGetAll(
    tableName(),
    refs.map((r) => keys.user(r.orgId, r.userId)),
  );
  return new Map(found.map((i) => [`${String(i.orgId)}\u0000${String(i.userId)}`, i]));
}
