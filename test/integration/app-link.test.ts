/**
 * The installed app links itself (linkApp, accounts/appLink.ts): the caller's record keeps the
 * platform and the link, which the dashboard and getMe answer, and the church counts its installs
 * by platform for the super-admin's list, in step with links, switches and deleted accounts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResult, MeResult } from '../../lambdas/contract/api';
import type { GetAllOrganizationsResult } from '../../lambdas/contract/jobs';
import { call } from '../support/api';
import { createChurch, memberAccountIn, snapshotChurches, type Church } from '../support/fixtures';
import { superAdminIn } from '../support/jobs';

let church: Church;
let superToken: string;

beforeAll(async () => {
  church = await createChurch();
  superToken = (await superAdminIn((await createChurch()).orgId)).token;
});

async function installs() {
  const orgs = await call<GetAllOrganizationsResult>('getAllOrganizations', { token: superToken });
  return orgs.body.organizations.find((o) => o.id === church.orgId)!.appInstalls;
}

const link = (token: string, platform: unknown) => call('linkApp', { token, body: { platform } });

describe('the installed app', () => {
  it('links the account on its platform, once, and the dashboard stops offering the app', async () => {
    const member = await memberAccountIn(church);
    const before = await call<DashboardResult>('getDashboard', { token: member.token, query: 'month=11' });
    expect(before.body.mobileAppLinked).toBe(false);

    const linked = await link(member.token, 'android');
    expect(linked.status).toBe(200);
    expect(linked.body).toEqual({ success: true, platform: 'android', mobileAppLinked: true });
    expect((await call<MeResult>('getMe', { token: member.token })).body.mobileAppLinked).toBe(true);
    const after = await call<DashboardResult>('getDashboard', { token: member.token, query: 'month=11' });
    expect(after.body.mobileAppLinked).toBe(true);
    expect(await installs()).toEqual({ ios: 0, android: 1 });

    // Every start of the installed app says so again: the count stays.
    expect((await link(member.token, 'android')).status).toBe(200);
    expect(await installs()).toEqual({ ios: 0, android: 1 });
  });

  it('moves an install to the other platform, case aside, and forgets a deleted account’s', async () => {
    const member = await memberAccountIn(church);
    const start = await installs();
    expect((await link(member.token, 'iOS')).body).toMatchObject({ platform: 'ios' });
    expect(await installs()).toEqual({ ...start, ios: start.ios + 1 });
    expect((await link(member.token, 'android')).status).toBe(200);
    expect(await installs()).toEqual({ ios: start.ios, android: start.android + 1 });

    const gone = await call('deleteUserAuth', { token: church.adminToken, params: { userId: member.userId } });
    expect(gone.status).toBe(200);
    expect(await installs()).toEqual(start);
  });

  it('refuses an unknown platform with a clear message, and changes nothing', async () => {
    const member = await memberAccountIn(church);
    const before = await snapshotChurches();
    for (const platform of ['windows', '', 42, null]) {
      const refused = await link(member.token, platform);
      expect(refused.status).toBe(400);
      expect(refused.body.error?.message).toBe('Invalid data provided. platform must be ios or android.');
    }
    expect((await call('linkApp', { token: member.token, body: [] })).status).toBe(400);
    expect(await snapshotChurches()).toEqual(before);
  });
});
