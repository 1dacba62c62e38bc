import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { DashboardResult } from '../../lambdas/contract/api';
import { PANEL_LIMIT } from '../../lambdas/directory/dashboard';
import { batchPutAll } from '../../lambdas/core/repos/batch';
import { memberItem } from '../../lambdas/directory/repos/items';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { call } from '../support/api';
import { stack } from '../support/env';
import { addFamilyVia, createChurch, newId } from '../support/fixtures';

describe('getDashboard', () => {
  it('lists the month’s birthdays and anniversaries by day, from the month indexes, with the counts', async () => {
    const church = await createChurch();
    const late = await addFamilyVia(church.adminToken, { surname: 'Late', anniversary: '04/28' });
    const early = await addFamilyVia(church.adminToken, { surname: 'Early', anniversary: '04/02' });
    await addFamilyVia(church.adminToken, { surname: 'May', anniversary: '05/02' });
    await call('addMember', {
      token: church.adminToken,
      body: { familyId: late.familyId, name: 'Zed', birthday: '04/30' },
    });
    await call('addMember', {
      token: church.adminToken,
      body: { familyId: early.familyId, name: 'Amy', birthday: '04/09' },
    });
    // Older data may hold free text: it is never listed (and never breaks the page).
    const stamp = new Date().toISOString();
    await ddb.send(
      new PutCommand({
        TableName: stack.env.TABLE_NAME,
        Item: memberItem({
          memberId: newId(),
          familyId: late.familyId,
          orgId: church.orgId,
          name: 'Odd',
          surname: 'Late',
          birthday: 'April 5',
          cellphone: null,
          email: null,
          version: 1,
          createdAt: stamp,
          updatedAt: stamp,
        }),
      }),
    );

    const answer = await call<DashboardResult>('getDashboard', { token: church.adminToken, query: 'month=4' });
    expect(answer.status).toBe(200);
    expect(answer.body.month).toBe(4);
    expect(answer.body.birthdays.map((b) => [b.name, b.dayOfMonth])).toEqual([
      ['Amy', 9],
      ['Zed', 30],
    ]);
    expect(answer.body.anniversaries.map((a) => [a.surname, a.anniversary, a.dayOfMonth])).toEqual([
      ['Early', '04/02', 2],
      ['Late', '04/28', 28],
    ]);
    expect(answer.body.counts).toEqual({ families: 3, members: 5, groups: 0, lessons: 0 });
    expect(answer.body.mobileAppLinked).toBe(false);
  });

  it('refuses a month that is not 1 to 12', async () => {
    const church = await createChurch();
    for (const month of ['0', '13', 'may', '1e1']) {
      const answer = await call('getDashboard', { token: church.adminToken, query: `month=${month}` });
      expect(answer.status, month).toBe(400);
      expect(answer.body.error).toEqual({ code: 'invalid-argument', message: 'The month must be 1 to 12.' });
    }
  });

  it('refuses a day that is not 1 to 31', async () => {
    const church = await createChurch();
    for (const day of ['0', '32', 'x']) {
      const answer = await call('getDashboard', { token: church.adminToken, query: `month=4&day=${day}` });
      expect(answer.status, day).toBe(400);
      expect(answer.body.error).toEqual({ code: 'invalid-argument', message: 'The day must be 1 to 31.' });
    }
  });

  it('lists a month with more birthdays than a panel holds from today on, bounded, and says so', async () => {
    const church = await createChurch();
    const { familyId } = await addFamilyVia(church.adminToken, { surname: 'Many', anniversary: '09/15' });
    const stamp = new Date().toISOString();
    // 62 birthdays in September, two a day: more than PANEL_LIMIT.
    await batchPutAll(
      stack.env.TABLE_NAME!,
      Array.from({ length: 62 }, (_, i) =>
        memberItem({
          memberId: newId(),
          familyId,
          orgId: church.orgId,
          name: `Born${i}`,
          surname: 'Many',
          birthday: `09/${String(1 + (i % 30)).padStart(2, '0')}`,
          cellphone: null,
          email: null,
          version: 1,
          createdAt: stamp,
          updatedAt: stamp,
        }),
      ),
    );
    const answer = await call<DashboardResult>('getDashboard', { token: church.adminToken, query: 'month=9&day=20' });
    expect(answer.status).toBe(200);
    expect(answer.body.upcoming).toEqual({ birthdays: true, anniversaries: false });
    const days = answer.body.birthdays.map((b) => b.dayOfMonth);
    expect(days.length).toBeGreaterThan(0);
    expect(days.length).toBeLessThanOrEqual(PANEL_LIMIT);
    expect(days.every((d) => d >= 20)).toBe(true);
    expect(days).toEqual([...days].sort((a, b) => a - b));
    // The small anniversaries list is the whole month, whatever the day.
    expect(answer.body.anniversaries.map((a) => a.dayOfMonth)).toEqual([15]);
  });
});
