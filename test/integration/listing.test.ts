/**
 * Access ends when it should: an account that is not an administrator reads the directory only
 * while it is linked to a member the church still lists. Deleting the member or the whole family
 * refuses its next request (with the same token and after signing in again), getMe and User
 * Management show it unlinked, and adding the person back lets the account link again.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { ListUsersResult, MeResult } from '../../lambdas/contract/api';
import { NOT_LISTED } from '../../lambdas/contract/listing';
import { keys } from '../../lambdas/core/repos/keys';
import { update } from '../../lambdas/core/repos/transact';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { call, idToken } from '../support/api';
import { PASSWORD, createChurch, memberAccountIn, newId, snapshotTable, type Church } from '../support/fixtures';

/** Every directory read an ordinary member makes, with the family the account belongs to (any group: a refusal comes first). */
const reads = (familyId: string, memberId: string, groupId: string = newId()) =>
  [
    ['getDashboard', { query: 'month=3' }],
    ['listFamilies', {}],
    ['getFamily', { params: { familyId } }],
    ['getMember', { params: { memberId } }],
    ['listGroups', {}],
    ['getGroup', { params: { groupId } }],
  ] as const;

async function expectRefused(token: string, familyId: string, memberId: string) {
  for (const [operation, request] of reads(familyId, memberId)) {
    const answer = await call(operation, { token, ...request });
    expect(answer.status, operation).toBe(403);
    expect(answer.body.error, operation).toEqual({ code: 'permission-denied', message: NOT_LISTED });
  }
}

async function expectUnlinked(church: Church, account: { userId: string; token: string }) {
  expect((await call<MeResult>('getMe', { token: account.token })).body).toMatchObject({
    listed: false,
    memberId: null,
    familyId: null,
  });
  const { users } = (await call<ListUsersResult>('listUsers', { token: church.adminToken })).body;
  expect(users.find((u) => u.userId === account.userId)).toMatchObject({ admin: false, memberId: null });
}

describe('a member’s account', () => {
  it('reads the directory while its member is listed', async () => {
    const church = await createChurch();
    const account = await memberAccountIn(church);
    const group = await call<{ groupId: string }>('addGroup', {
      token: church.adminToken,
      body: { groupName: 'Choir' },
    });
    for (const [operation, request] of reads(account.family.familyId, account.family.memberId, group.body.groupId))
      expect((await call(operation, { token: account.token, ...request })).status, operation).toBe(200);
    expect((await call<MeResult>('getMe', { token: account.token })).body).toMatchObject({ listed: true });
  });

  it('is refused once its member is deleted, with the same token and after signing in again', async () => {
    const church = await createChurch();
    const account = await memberAccountIn(church);
    const { familyId, memberId } = account.family;
    const deleted = await call('deleteMember', { token: church.adminToken, params: { memberId } });
    expect(deleted.status).toBe(200);

    await expectRefused(account.token, familyId, memberId);
    const before = await snapshotTable();
    expect((await call('updateFamily', { token: account.token, params: { familyId }, body: {} })).status).toBe(403);
    expect(await snapshotTable()).toBe(before);
    await expectRefused(await idToken(account.email, PASSWORD), familyId, memberId);
    await expectUnlinked(church, account);
  });

  it('is refused once its whole family is deleted', async () => {
    const church = await createChurch();
    const account = await memberAccountIn(church);
    const { familyId, memberId } = account.family;
    expect((await call('deleteFamily', { token: church.adminToken, params: { familyId } })).status).toBe(200);

    await expectRefused(await idToken(account.email, PASSWORD), familyId, memberId);
    await expectUnlinked(church, account);
  });

  it('is refused when its link names a member that is not there', async () => {
    const church = await createChurch();
    const account = await memberAccountIn(church);
    // A link that outlived its member (data older than the deletes that unlink).
    const dangling = update(keys.user(church.orgId, account.userId), 'SET memberId = :m', { ':m': newId() });
    await ddb.send(new TransactWriteCommand({ TransactItems: [dangling] }));
    await expectRefused(account.token, account.family.familyId, account.family.memberId);
    expect((await call<MeResult>('getMe', { token: account.token })).body.listed).toBe(false);
  });

  it('links again when the church adds the person back with the same e-mail', async () => {
    const church = await createChurch();
    const account = await memberAccountIn(church);
    await call('deleteMember', { token: church.adminToken, params: { memberId: account.family.memberId } });
    const back = await call<{ id: string }>('addMember', {
      token: church.adminToken,
      body: { familyId: account.family.familyId, name: 'Lydia', email: account.email },
    });
    expect(back.status).toBe(200);

    const linked = await call('addClaimCreds', { token: account.token });
    expect(linked.body).toMatchObject({ linked: true });
    expect((await call<MeResult>('getMe', { token: account.token })).body).toMatchObject({
      listed: true,
      memberId: back.body.id,
    });
    expect((await call('listFamilies', { token: account.token })).status).toBe(200);
  });
});

describe('an administrator', () => {
  it('reads the directory with no member of their own', async () => {
    const church = await createChurch();
    expect((await call('listFamilies', { token: church.adminToken })).status).toBe(200);
    expect((await call<MeResult>('getMe', { token: church.adminToken })).body).toMatchObject({
      listed: true,
      memberId: null,
    });
  });
});
