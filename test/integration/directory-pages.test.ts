/**
 * The family list in pages of surname order (directory/repos/directoryPages.ts), and search (directory/search.ts),
 * through the gateway: every family once, whole, in order, however the list is walked; search by
 * the words of what the viewer can see, accents aside; the words kept in step with each write;
 * and the migration that puts older data in order.
 */
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { FamilyView, ListFamiliesResult, SearchDirectoryResult } from '../../lambdas/contract/api';
import { sortKeyOf } from '../../lambdas/contract/names';
import { backfillDirectoryOrder } from '../../lambdas/migrations/repos/directoryOrderBackfill';
import { SEARCH_RESULTS } from '../../lambdas/contract/searchWords';
import type { Family, Member } from '../../lambdas/core/entities';
import { keys } from '../../lambdas/core/repos/keys';
import { batchPutAll } from '../../lambdas/core/repos/batch';
import { directoryItems } from '../../lambdas/directory/repos/items';
import { ItemType } from '../../lambdas/core/repos/table';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { call } from '../support/api';
import { stack } from '../support/env';
import { addFamilyVia, createChurch, memberAccountIn, newId, snapshotTable, type Church } from '../support/fixtures';

const TableName = stack.env.TABLE_NAME!;

const SURNAMES = [
  'Ødegård',
  'Nguyễn',
  "O'Brien",
  'van der Berg',
  'Adams',
  'Zhou',
  'Émile',
  'Müller',
  'Smith',
  'Smithe',
];

/** A church of `count` families of four, written at once (as a seeded church is). */
async function seedChurch(church: Church, count: number): Promise<Family[]> {
  const now = new Date().toISOString();
  const families: Family[] = [];
  const members: Member[] = [];
  for (let i = 0; i < count; i++) {
    const familyId = newId();
    const surname = `${SURNAMES[i % SURNAMES.length]!}${i >= SURNAMES.length ? ` ${i}` : ''}`;
    const base = { orgId: church.orgId, version: 1, createdAt: now, updatedAt: now };
    families.push({
      ...base,
      familyId,
      surname,
      street: null,
      city: i % 2 ? 'Raleigh' : 'Zürich',
      state: null,
      zipcode: null,
      phone: `919-555-${String(1000 + i)}`,
      anniversary: null,
      photo: null,
    } as Family);
    for (const name of ['Ann', 'Bo', 'Cy', 'Di'])
      members.push({
        ...base,
        memberId: newId(),
        familyId,
        surname,
        name: `${name}${i}`,
        cellphone: null,
        email: `${name.toLowerCase()}${i}-${church.orgId.slice(0, 8)}@example.org`,
        birthday: null,
      } as Member);
  }
  await batchPutAll(TableName, directoryItems(families, members));
  return families;
}

const list = (token: string, query = '') => call<ListFamiliesResult>('listFamilies', { token, query });
const search = (token: string, q: string) =>
  call<SearchDirectoryResult>('searchDirectory', { token, query: `q=${encodeURIComponent(q)}` });

/** Every page forward from `query`, as the app walks it. */
async function walk(token: string, query = ''): Promise<{ pages: ListFamiliesResult[]; families: FamilyView[] }> {
  const pages: ListFamiliesResult[] = [];
  let next: string | null = null;
  do {
    const page = await list(token, next ? `after=${encodeURIComponent(next)}` : query);
    expect(page.status).toBe(200);
    pages.push(page.body);
    next = page.body.next;
  } while (next);
  return { pages, families: pages.flatMap((p) => p.families) };
}

const inOrder = (families: FamilyView[]) =>
  families.every(
    (f, i) =>
      i === 0 ||
      `${sortKeyOf(families[i - 1]!.surname)}#${families[i - 1]!.familyId}` < `${sortKeyOf(f.surname)}#${f.familyId}`,
  );

describe('the family list in pages', () => {
  it('answers every family once, with all its members, in surname order, in pages of bounded size', async () => {
    const church = await createChurch();
    const seeded = await seedChurch(church, 90);
    const { pages, families } = await walk(church.adminToken);
    expect(pages.length).toBeGreaterThan(2);
    expect(families.map((f) => f.familyId).sort()).toEqual(seeded.map((f) => f.familyId).sort());
    expect(families.every((f) => f.members.length === 4)).toBe(true);
    expect(inOrder(families)).toBe(true);
    // Accents and punctuation do not decide: Ødegård among the O's, van der Berg among the V's.
    const order = families.filter((f) => !/\d/.test(f.surname)).map((f) => f.surname);
    expect(order).toEqual([
      'Adams',
      'Émile',
      'Müller',
      'Nguyễn',
      "O'Brien",
      'Ødegård',
      'Smith',
      'Smithe',
      'van der Berg',
      'Zhou',
    ]);
    for (const page of pages) expect(JSON.stringify(page).length).toBeLessThan(100_000);
    expect(pages[0]!.previous).toBeNull();
    expect(pages.at(-1)!.next).toBeNull();
  });

  it('jumps to a letter, and walks back from there to the start', async () => {
    const church = await createChurch();
    await seedChurch(church, 90);
    const { families: all } = await walk(church.adminToken);
    const fromS = await walk(church.adminToken, 'from=s');
    const firstS = all.findIndex((f) => sortKeyOf(f.surname) >= 's');
    expect(fromS.families.map((f) => f.familyId)).toEqual(all.slice(firstS).map((f) => f.familyId));

    // Back from the letter, page by page, to the first family.
    const earlier: FamilyView[] = [];
    let before = fromS.pages[0]!.previous;
    while (before) {
      const page = await list(church.adminToken, `before=${encodeURIComponent(before)}`);
      expect(page.status).toBe(200);
      earlier.unshift(...page.body.families);
      before = page.body.previous;
    }
    expect(earlier.map((f) => f.familyId)).toEqual(all.slice(0, firstS).map((f) => f.familyId));
  });

  it('refuses a place it did not give, or a letter that is not one, with a clear message and nothing read', async () => {
    const church = await createChurch();
    for (const [query, message] of [
      ['after=PK%23ORG', 'That place in the family list is not one the list gave.'],
      ['before=%7B%22PK%22%3A1%7D', 'That place in the family list is not one the list gave.'],
      ['from=1', 'Please choose a letter from A to Z.'],
      ['from=ab', 'Please choose a letter from A to Z.'],
      ['from=a&after=smith%23' + newId(), 'Ask for one place in the family list at a time.'],
    ] as const) {
      const refused = await list(church.adminToken, query);
      expect(refused.status, query).toBe(400);
      expect(refused.body, query).toEqual({ error: { code: 'invalid-argument', message } });
    }
  });

  it("never answers another church's families, whatever place is asked for", async () => {
    const [mine, theirs] = await Promise.all([createChurch(), createChurch()]);
    const [theirFamilies] = await Promise.all([seedChurch(theirs, 20), seedChurch(mine, 3)]);
    const place = `${sortKeyOf(theirFamilies[0]!.surname)}#${theirFamilies[0]!.familyId}`;
    for (const query of ['', `after=${encodeURIComponent(place)}`, `before=${encodeURIComponent(place)}`, 'from=a']) {
      const page = await list(mine.adminToken, query);
      expect(page.status).toBe(200);
      const ids = new Set(theirFamilies.map((f) => f.familyId));
      expect(
        page.body.families.some((f) => ids.has(f.familyId)),
        query,
      ).toBe(false);
    }
  });
});

describe('search', () => {
  it('finds by the start of any word of a surname, first name, e-mail, phone or city, accents aside', async () => {
    const church = await createChurch();
    await seedChurch(church, 10);
    const surnames = async (q: string) => {
      const answer = await search(church.adminToken, q);
      expect(answer.status, q).toBe(200);
      return answer.body.families.map((f) => f.surname);
    };
    expect(await surnames('nguyen')).toEqual(['Nguyễn']);
    expect(await surnames('ode')).toEqual(['Ødegård']);
    expect(await surnames('OBRIEN')).toEqual([]);
    expect(await surnames('brien')).toEqual(["O'Brien"]);
    expect(await surnames('berg')).toEqual(['van der Berg']);
    expect(await surnames('smith')).toEqual(['Smith', 'Smithe']);
    expect(await surnames('ann4')).toEqual(['Adams']);
    expect(await surnames(`di6-${church.orgId.slice(0, 8)}`)).toEqual(['Émile']);
    expect(await surnames('555-1008')).toEqual(['Smith']);
    expect(await surnames('5551009')).toEqual(['Smithe']);
    expect(await surnames('raleigh mull')).toEqual(['Müller']);
    expect(await surnames('zurich zzz')).toEqual([]);
  });

  it('answers at most SEARCH_RESULTS families and says when there are more', async () => {
    const church = await createChurch();
    await seedChurch(church, 30);
    const answer = await search(church.adminToken, 'example');
    expect(answer.body.families).toHaveLength(SEARCH_RESULTS);
    expect(answer.body.more).toBe(true);
    expect(inOrder(answer.body.families)).toBe(true);
  });

  it('does not find a family by a field its viewer may not see, nor one left out of the directory', async () => {
    const church = await createChurch();
    const viewer = await memberAccountIn(church);
    const hidden = await addFamilyVia(church.adminToken, { surname: 'Quenby', phone: '919-555-7788', city: 'Cary' });
    const unlisted = await addFamilyVia(church.adminToken, { surname: 'Quartermain' });
    const body = { unlisted: false, family: { phone: 'admins' }, members: {} };
    expect(
      (await call('setFamilyPrivacy', { token: church.adminToken, params: { familyId: hidden.familyId }, body }))
        .status,
    ).toBe(200);
    const away = { unlisted: true, family: {}, members: {} };
    expect(
      (
        await call('setFamilyPrivacy', {
          token: church.adminToken,
          params: { familyId: unlisted.familyId },
          body: away,
        })
      ).status,
    ).toBe(200);

    const found = async (token: string, q: string) =>
      (await search(token, q)).body.families.map((f) => f.familyId).sort();
    expect(await found(church.adminToken, '5557788')).toEqual([hidden.familyId]);
    expect(await found(viewer.token, '5557788')).toEqual([]);
    expect(await found(viewer.token, 'quenby cary')).toEqual([hidden.familyId]);
    expect(await found(church.adminToken, 'quartermain')).toEqual([unlisted.familyId]);
    expect(await found(viewer.token, 'quartermain')).toEqual([]);
  });

  it('keeps the words in step with each change: a new e-mail finds, the old one no longer, a deleted family leaves none', async () => {
    const church = await createChurch();
    const family = await addFamilyVia(church.adminToken, { surname: 'Ravensworth' });
    const member = await call<{ member: { version: number } }>('getMember', {
      token: church.adminToken,
      params: { memberId: family.memberId },
    });
    const tag = church.orgId.slice(0, 8);
    const update = (email: string, version: number) =>
      call('updateMember', {
        token: church.adminToken,
        params: { memberId: family.memberId },
        body: { name: 'Lydia', email, version },
      });
    expect((await update(`first-${tag}@example.org`, member.body.member.version)).status).toBe(200);
    expect((await update(`second-${tag}@example.org`, member.body.member.version + 1)).status).toBe(200);
    const ids = async (q: string) => (await search(church.adminToken, q)).body.families.map((f) => f.familyId);
    expect(await ids(`second-${tag}`)).toEqual([family.familyId]);
    expect(await ids(`first-${tag}`)).toEqual([]);

    const renamed = await call('updateFamily', {
      token: church.adminToken,
      params: { familyId: family.familyId },
      body: { surname: 'Abernethy', version: family.familyVersion },
    });
    expect(renamed.status).toBe(200);
    expect(await ids('raven')).toEqual([]);
    expect(await ids('aberneth')).toEqual([family.familyId]);
    // Renamed, it moves in the list with its member.
    const first = (await list(church.adminToken)).body.families;
    expect(first.find((f) => f.familyId === family.familyId)?.members.map((m) => m.name)).toEqual(['Lydia']);

    expect(
      (await call('deleteFamily', { token: church.adminToken, params: { familyId: family.familyId } })).status,
    ).toBe(200);
    const words = await ddb.send(
      new QueryCommand({
        TableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :find)',
        ExpressionAttributeValues: { ':pk': keys.orgPartition(church.orgId), ':find': 'FIND#' },
      }),
    );
    expect(words.Items).toEqual([]);
  });

  it('refuses an empty or overlong search with a clear message and changes nothing', async () => {
    const church = await createChurch();
    const before = await snapshotTable();
    expect((await search(church.adminToken, '  ')).body).toEqual({
      error: { code: 'invalid-argument', message: 'Please type a name, email, phone or city to search for.' },
    });
    expect((await search(church.adminToken, 'x'.repeat(101))).body).toEqual({
      error: { code: 'invalid-argument', message: 'Please type at most 100 characters to search for.' },
    });
    expect(await snapshotTable()).toBe(before);
  });
});

describe('the directory order migration', () => {
  it('puts data written before the order and search in both, once', async () => {
    const church = await createChurch();
    await seedChurch(church, 12);
    // As an older version wrote them: no order keys, no words.
    const items = await ddb.send(
      new QueryCommand({
        TableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.orgPartition(church.orgId) },
      }),
    );
    for (const item of items.Items ?? []) {
      if (item.type === ItemType.findWord)
        await ddb.send(new DeleteCommand({ TableName, Key: { PK: item.PK, SK: item.SK } }));
      else if (item.GSI4PK) {
        const { GSI4PK: _p, GSI4SK: _s, ...older } = item;
        await batchPutAll(TableName, [older]);
      }
    }
    expect((await list(church.adminToken)).body.families).toEqual([]);
    expect((await search(church.adminToken, 'nguyen')).body.families).toEqual([]);

    expect(await backfillDirectoryOrder(church.orgId)).toEqual({ families: 12, members: 48 });
    expect((await walk(church.adminToken)).families).toHaveLength(12);
    expect((await search(church.adminToken, 'nguyen')).body.families.map((f) => f.surname)).toEqual([
      'Nguyễn',
      'Nguyễn 11',
    ]);
    expect(await backfillDirectoryOrder(church.orgId)).toEqual({ families: 0, members: 0 });
  });
});
