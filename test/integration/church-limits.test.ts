/**
 * What one church may hold and how fast it may write (core/churchLimits.ts). The counts are set
 * near a limit directly on the organisation's item: adding 20,000 families to reach it would
 * prove the same thing in ten minutes.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../lambdas/contract/fields';
import {
  CHURCH_LIMITS,
  churchLimitMessage,
  FAMILY_FULL_MESSAGE,
  FAMILY_MEMBER_LIMIT,
  WRITE_RATE_MESSAGE,
  WRITES_PER_MINUTE,
} from '../../lambdas/core/churchLimits';
import type { Family, Member } from '../../lambdas/core/entities';
import { keys } from '../../lambdas/core/repos/keys';
import { batchPutAll } from '../../lambdas/core/repos/batch';
import { ROLES_PAGE } from '../../lambdas/groups/repos/groups';
import { directoryItems, groupItem, roleItem } from '../../lambdas/directory/repos/items';
import { SEARCH_RESULTS } from '../../lambdas/contract/searchWords';
import { ItemType } from '../../lambdas/core/repos/table';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { call } from '../support/api';
import { stack } from '../support/env';
import { addFamilyVia, createChurch, newId, snapshotTable, unique } from '../support/fixtures';

const TableName = stack.env.TABLE_NAME;

async function setCount(orgId: string, name: 'familyCount' | 'memberCount' | 'groupCount', value: number) {
  await ddb.send(
    new UpdateCommand({
      TableName,
      Key: keys.org(orgId),
      UpdateExpression: `SET ${name} = :v`,
      ExpressionAttributeValues: { ':v': value },
    }),
  );
}

const counts = async (orgId: string) =>
  (await ddb.send(new GetCommand({ TableName, Key: keys.org(orgId) }))).Item as Record<string, number>;

describe('church limits', () => {
  it('adds the last family a church may hold, then refuses the next with a clear message and changes nothing', async () => {
    const church = await createChurch();
    await setCount(church.orgId, 'familyCount', CHURCH_LIMITS.familyCount - 1);
    const add = () => call('addFamily', { token: church.adminToken, body: { surname: unique('Limit') } });
    expect((await add()).status).toBe(200);
    expect((await counts(church.orgId)).familyCount).toBe(CHURCH_LIMITS.familyCount);

    const before = await snapshotTable();
    const refused = await add();
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: { code: 'failed-precondition', message: churchLimitMessage('familyCount') },
    });
    expect(churchLimitMessage('familyCount')).toContain('limit of 20,000 families');
    expect(await snapshotTable()).toBe(before);
  });

  it('holds the member and group limits the same way', async () => {
    const church = await createChurch();
    const { familyId } = await addFamilyVia(church.adminToken);
    await setCount(church.orgId, 'memberCount', CHURCH_LIMITS.memberCount);
    await setCount(church.orgId, 'groupCount', CHURCH_LIMITS.groupCount);
    const before = await snapshotTable();
    const member = await call('addMember', { token: church.adminToken, body: { familyId, name: 'Over' } });
    expect(member.body).toEqual({ error: { code: 'failed-precondition', message: churchLimitMessage('memberCount') } });
    const group = await call('addGroup', { token: church.adminToken, body: { groupName: unique('Over') } });
    expect(group.body).toEqual({ error: { code: 'failed-precondition', message: churchLimitMessage('groupCount') } });
    expect(await snapshotTable()).toBe(before);
  });

  it('refuses a church’s writes past its rate for the minute with 429, and lets its reads and other churches go on', async () => {
    const [church, other] = [await createChurch(), await createChurch()];
    // This minute and the next are full: the test cannot fall between two minutes.
    const minute = Math.floor(Date.now() / 60_000);
    for (const m of [minute, minute + 1])
      await ddb.send(
        new PutCommand({
          TableName,
          Item: { ...keys.writeMinute(church.orgId, m), type: ItemType.writeMinute, writes: WRITES_PER_MINUTE },
        }),
      );
    const before = await snapshotTable();
    const refused = await call('addFamily', { token: church.adminToken, body: { surname: unique('Busy') } });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'resource-exhausted', message: WRITE_RATE_MESSAGE } });
    expect(await snapshotTable()).toBe(before);

    expect((await call('listFamilies', { token: church.adminToken })).status).toBe(200);
    expect((await call('addFamily', { token: other.adminToken, body: { surname: unique('Calm') } })).status).toBe(200);
  });
});

describe('answers at the largest a church can make them', () => {
  const long = (n: number, seed: string) => `${seed}${'ÿ'.repeat(n - seed.length)}`;

  /** A family listing the most members any family may, every field of each at its longest. */
  function fullFamily(orgId: string, surname: string) {
    const stamp = new Date().toISOString();
    const base = { orgId, version: 1, createdAt: stamp, updatedAt: stamp };
    const familyId = newId();
    const family = {
      ...base,
      familyId,
      surname,
      street: long(LIMITS.address, '1 '),
      city: long(LIMITS.name, 'City'),
      state: 'NC',
      zipcode: '27601-1234',
      phone: long(LIMITS.phone, '9'),
      anniversary: '06/12',
      photo: null,
    } as Family;
    const members = Array.from(
      { length: FAMILY_MEMBER_LIMIT },
      (_, i) =>
        ({
          ...base,
          memberId: newId(),
          familyId,
          surname,
          name: long(LIMITS.name, `N${i}`),
          birthday: '06/12',
          cellphone: long(LIMITS.phone, '9'),
          email: `${long(LIMITS.email - 20, `m${i}.${familyId.slice(0, 8)}`)}@example.org`.slice(-LIMITS.email),
        }) as Member,
    );
    return { family, members };
  }

  it('refuses a family its 101st member with a clear message and changes nothing', async () => {
    const church = await createChurch();
    const { family, members } = fullFamily(church.orgId, unique('Full'));
    await batchPutAll(TableName!, directoryItems([family], members));
    const before = await snapshotTable();
    const refused = await call('addMember', {
      token: church.adminToken,
      body: { familyId: family.familyId, name: 'One More' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: { code: 'failed-precondition', message: FAMILY_FULL_MESSAGE } });
    expect(await snapshotTable()).toBe(before);
  });

  it('keeps every directory read far below Lambda’s 6 MB, however large its families', async () => {
    const church = await createChurch();
    // As many full families as the largest answer can hold: a search's and a page's worth.
    const full = Array.from({ length: SEARCH_RESULTS + 1 }, (_, i) => fullFamily(church.orgId, `Fullsize ${i}`));
    await batchPutAll(
      TableName!,
      directoryItems(
        full.map((f) => f.family),
        full.flatMap((f) => f.members),
      ),
    );
    const sizes: Record<string, number> = {};
    const measure = async (
      name: string,
      operation: Parameters<typeof call>[0],
      options: Parameters<typeof call>[1],
    ) => {
      const answer = await call(operation, { token: church.adminToken, ...options });
      expect(answer.status, name).toBe(200);
      sizes[name] = JSON.stringify(answer.body).length;
    };
    await measure('a page of the list', 'listFamilies', {});
    await measure('a search', 'searchDirectory', { query: 'q=fullsize' });
    await measure('one family', 'getFamily', { params: { familyId: full[0]!.family.familyId } });
    await measure('the dashboard', 'getDashboard', { query: 'month=6&day=1' });
    // The largest is a search of twelve full families (about 0.8 MB); Lambda refuses 6 MB.
    for (const [name, bytes] of Object.entries(sizes)) expect(bytes, name).toBeLessThan(1_500_000);
    // Thirteen families of a hundred members at every field's longest are some 27,000 items with
    // their search words: 35-50 s of writes on a 2-core machine, a limit and not a timing assertion.
  }, 180_000);

  it('keeps the groups page and a group’s page far below Lambda’s 6 MB, however many groups and members', async () => {
    const church = await createChurch();
    const cDate = new Date().toISOString();
    // As many groups as a church may hold, each named at its longest and counted as holding every member a church may.
    const groups = Array.from({ length: CHURCH_LIMITS.groupCount }, (_, i) => ({
      groupId: newId(),
      orgId: church.orgId,
      groupName: long(LIMITS.groupName, `G${i}`),
      createdAt: cDate,
      roleCount: CHURCH_LIMITS.memberCount,
    }));
    // One of them with more members than any page shows, each name and label at its longest.
    const big = groups[0]!;
    const roles = Array.from({ length: ROLES_PAGE * 20 }, (_, i) => ({
      groupId: big.groupId,
      memberId: newId(),
      familyId: newId(),
      orgId: church.orgId,
      memberName: `${long(LIMITS.name, `N${i}`)} ${long(LIMITS.name, 'S')}`,
      groupName: big.groupName,
      label: long(LIMITS.roleLabel, 'L'),
      cDate,
    }));
    await batchPutAll(TableName!, [...groups.map(groupItem), ...roles.map(roleItem)]);
    const size = async (operation: 'listGroups' | 'getGroup', params?: Record<string, string>) => {
      const answer = await call<{ groups?: unknown[]; roles?: unknown[] }>(operation, {
        token: church.adminToken,
        params,
      });
      expect(answer.status, operation).toBe(200);
      return { bytes: JSON.stringify(answer.body).length, body: answer.body };
    };
    const list = await size('listGroups');
    expect(list.body.groups).toHaveLength(CHURCH_LIMITS.groupCount);
    const page = await size('getGroup', { groupId: big.groupId });
    expect(page.body.roles).toHaveLength(ROLES_PAGE);
    // Every group at once is some 0.4 MB of answer; a group's page some 25 KB, whatever the group's size.
    expect(list.bytes).toBeLessThan(1_000_000);
    expect(page.bytes).toBeLessThan(100_000);
    // Some 1,300 items written first: 20-40 s on a 2-core machine running other test files beside
    // it, a limit and not a timing assertion.
  }, 180_000);
});
