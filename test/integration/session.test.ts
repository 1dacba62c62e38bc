import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lambdas/core/repos/keys';
import { describe, expect, it } from 'vitest';
import { memberItem } from '../../lambdas/directory/repos/items';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { call, idToken } from '../support/api';
import { stack } from '../support/env';
import type { MeResult } from '../../lambdas/contract/api';
import { linkUserToMember } from '../../lambdas/accounts/repos/users';
import { auditStep } from '../../lambdas/audit/trail';

/** The audit entry of a link the test makes itself (the system's, naming no account). */
const linkAudit = (orgId: string) => auditStep({ orgId, actor: null }, { kind: 'church', id: orgId, name: 'test' }, []);
import { PASSWORD, createAccountIn, createChurch, memberAccountIn, newId, unique } from '../support/fixtures';

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

async function addMember(orgId: string, email: string) {
  const stamp = new Date().toISOString();
  const member = {
    memberId: newId(),
    familyId: newId(),
    orgId,
    name: 'Lydia',
    surname: 'Mensah',
    birthday: '03/14',
    cellphone: null,
    email,
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
  };
  await ddb.send(new PutCommand({ TableName: stack.env.TABLE_NAME, Item: memberItem(member) }));
  return member;
}

describe('addClaimCreds', () => {
  it('links an account to the member of its church with the same e-mail, and the refreshed token carries the claims', async () => {
    const church = await createChurch();
    const email = `${unique('lydia')}@example.org`;
    const member = await addMember(church.orgId, email);
    const account = await createAccountIn(church.orgId, { email });
    expect(claimsOf(account.token)['custom:memberId']).toBeUndefined();

    const answer = await call('addClaimCreds', { token: account.token });
    expect(answer).toMatchObject({ status: 200, body: { success: true, linked: true } });

    const fresh = claimsOf(await idToken(email, PASSWORD));
    expect(fresh).toMatchObject({
      'custom:memberId': member.memberId,
      'custom:familyId': member.familyId,
      'custom:orgId': church.orgId,
    });
    const me = await call('getMe', { token: account.token });
    expect(me.body).toMatchObject({ memberId: member.memberId, familyId: member.familyId });

    const again = await call('addClaimCreds', { token: await idToken(email, PASSWORD) });
    expect(again.body).toMatchObject({ linked: false, message: 'Account already linked.' });
  });

  it('does not link to a member of another church holding the same e-mail', async () => {
    const [mine, theirs] = await Promise.all([createChurch(), createChurch()]);
    const email = `${unique('shared')}@example.org`;
    await addMember(theirs.orgId, email);
    const account = await createAccountIn(mine.orgId, { email });
    const answer = await call('addClaimCreds', { token: account.token });
    expect(answer.body).toMatchObject({ success: true, linked: false });
    expect(claimsOf(await idToken(email, PASSWORD))['custom:memberId']).toBeUndefined();
  });

  it('answers an administrator with no member record without error', async () => {
    const church = await createChurch();
    const answer = await call('addClaimCreds', { token: church.adminToken });
    expect(answer).toMatchObject({ status: 200, body: { linked: false } });
  });
});

describe('addClaimCreds never links another person’s account', () => {
  it('leaves an administrator unlinked when a family user gives a member of their family the admin’s e-mail', async () => {
    const church = await createChurch();
    const familyUser = await memberAccountIn(church);
    const planted = await call('addMember', {
      token: familyUser.token,
      body: { familyId: familyUser.family.familyId, name: 'Not Me', email: church.adminEmail },
    });
    expect(planted.status).toBe(200);

    const answer = await call('addClaimCreds', { token: church.adminToken });
    expect(answer.body).toMatchObject({ success: true, linked: false });
    expect((await call<MeResult>('getMe', { token: church.adminToken })).body).toMatchObject({
      admin: true,
      memberId: null,
      familyId: null,
    });
    expect(claimsOf(await idToken(church.adminEmail, PASSWORD))['custom:memberId']).toBeUndefined();
  });

  it('keeps a linked account on its member when another member is given its e-mail, and its token follows the record', async () => {
    const church = await createChurch();
    const [mine, theirs] = await Promise.all([memberAccountIn(church), memberAccountIn(church)]);
    // An account whose record is linked but whose token is not yet.
    const email = `${unique('placed')}@example.org`;
    const account = await createAccountIn(church.orgId, { email });
    expect(
      await linkUserToMember(
        church.orgId,
        account.userId,
        mine.family.memberId,
        mine.family.familyId,
        linkAudit(church.orgId),
      ),
    ).toBe('linked');
    const planted = await call('addMember', {
      token: theirs.token,
      body: { familyId: theirs.family.familyId, name: 'Not Me', email },
    });
    expect(planted.status).toBe(200);

    const answer = await call('addClaimCreds', { token: account.token });
    expect(answer.body).toMatchObject({ linked: false, message: 'Account already linked.' });
    expect((await call<MeResult>('getMe', { token: account.token })).body).toMatchObject({
      memberId: mine.family.memberId,
      familyId: mine.family.familyId,
    });
    expect(claimsOf(await idToken(email, PASSWORD))).toMatchObject({
      'custom:memberId': mine.family.memberId,
      'custom:familyId': mine.family.familyId,
    });
    // The repository's own write refuses it too, whoever asks.
    expect(
      await linkUserToMember(
        church.orgId,
        account.userId,
        theirs.family.memberId,
        theirs.family.familyId,
        linkAudit(church.orgId),
      ),
    ).toBe('not-linkable');
  });
});

describe('getMe', () => {
  it('answers the record’s admin flag, not the token’s, once the record changes', async () => {
    const church = await createChurch();
    const member = await createAccountIn(church.orgId);
    expect((await call('getMe', { token: member.token })).body).toMatchObject({
      admin: false,
      superAdmin: false,
      orgId: church.orgId,
    });
    await ddb.send(
      new UpdateCommand({
        TableName: stack.env.TABLE_NAME,
        Key: keys.user(church.orgId, member.userId),
        UpdateExpression: 'SET admin = :t',
        ExpressionAttributeValues: { ':t': true },
      }),
    );
    // Same token (its custom:admin still says false): the record decides.
    expect((await call('getMe', { token: member.token })).body).toMatchObject({ admin: true });
  });

  it('answers 401 to a forged token', async () => {
    const church = await createChurch();
    const [header, payload] = church.adminToken.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claimsOf(church.adminToken), 'custom:orgId': 'other' })).toString('base64url')}.${church.adminToken.split('.')[2]}`;
    expect(payload).toBeDefined();
    expect((await call('getMe', { token: forged })).status).toBe(401);
  });
});
