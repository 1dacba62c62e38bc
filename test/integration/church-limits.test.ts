/**
 * What one church may hold and how fast it may write (domain/churchLimits.ts). The counts are set
 * near a limit directly on the organisation's item: adding 20,000 families to reach it would
 * prove the same thing in ten minutes.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  CHURCH_LIMITS,
  churchLimitMessage,
  WRITE_RATE_MESSAGE,
  WRITES_PER_MINUTE,
} from '../../lambdas/domain/churchLimits';
import { keys } from '../../lambdas/domain/keys';
import { ItemType } from '../../lambdas/domain/repos/table';
import { ddb } from '../../lambdas/platform/ddb';
import { call } from '../support/api';
import { stack } from '../support/env';
import { addFamilyVia, createChurch, snapshotTable, unique } from '../support/fixtures';

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
