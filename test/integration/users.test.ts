/**
 * User management: the church's users by e-mail, admin status in the user record and the Cognito
 * attribute together (the record decides, at once), and deletion with refresh tokens revoked.
 */
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  AdminUserGlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { ListUsersResult } from '../../lambdas/contract/api';
import { keys } from '../../lambdas/core/repos/keys';
import { listUserRecords } from '../../lambdas/accounts/repos/users';
import { USER_NOT_FOUND } from '../../lambdas/accounts/users';
import { NO_ADMIN_LEFT } from '../../lambdas/contract/users';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { call, idToken } from '../support/api';
import { stack } from '../support/env';
import {
  PASSWORD,
  addFamilyVia,
  createAccountIn,
  createChurch,
  memberAccountIn,
  newId,
  snapshotTable,
  unique,
} from '../support/fixtures';
import { superAdminIn } from '../support/jobs';

const cognito = new CognitoIdentityProviderClient({ endpoint: stack.cognitoEndpoint });
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
const getItem = async (Key: Record<string, unknown>) =>
  (await ddb.send(new GetCommand({ TableName: stack.env.TABLE_NAME, Key }))).Item;
const accountExists = (username: string) =>
  cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: username })).then(
    () => true,
    () => false,
  );

async function signInTokens(email: string) {
  const { AuthenticationResult } = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.clientId,
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  );
  return { idToken: AuthenticationResult!.IdToken!, refreshToken: AuthenticationResult!.RefreshToken! };
}

const refresh = (refreshToken: string) =>
  cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: stack.clientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );

const setAdmin = (token: string, userId: string, setAdminStatus: boolean) =>
  call('setUserAdminClaim', { token, params: { userId }, body: { setAdminStatus } });

describe('listUsers', () => {
  it('lists the church’s users ordered by e-mail, and only them', async () => {
    const [church, other] = await Promise.all([createChurch(), createChurch()]);
    const stamp = unique('order');
    const made: { userId: string; email: string }[] = [];
    for (const prefix of ['carol', 'alice', 'bob'])
      made.push(await createAccountIn(church.orgId, { email: `${prefix}-${stamp}@example.org` }));
    await createAccountIn(other.orgId, { email: `aaron-${stamp}@example.org` });

    const answer = await call<ListUsersResult>('listUsers', { token: church.adminToken });
    expect(answer.status).toBe(200);
    const emails = answer.body.users.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(emails).toEqual(expect.arrayContaining([church.adminEmail, ...made.map((m) => m.email)]));
    expect(emails).toHaveLength(4);
    expect(emails).not.toContain(`aaron-${stamp}@example.org`);
    expect(answer.body.users.find((u) => u.email === church.adminEmail)).toMatchObject({
      admin: true,
      memberId: null,
      familyId: null,
    });
    expect(answer.body.users.find((u) => u.email === made[0]!.email)).toEqual({
      userId: made[0]!.userId,
      email: made[0]!.email,
      admin: false,
      memberId: null,
      familyId: null,
      createdAt: expect.any(String),
    });
  });
});

describe('setUserAdminClaim', () => {
  it('grants admin in the record and the Cognito attribute; the grantee is an admin at once, with the same token', async () => {
    const church = await createChurch();
    const user = await createAccountIn(church.orgId);
    expect((await call('listUsers', { token: user.token })).status).toBe(403);

    const answer = await setAdmin(church.adminToken, user.userId, true);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: `Successfully granted admin privileges for ${user.email}.`,
        user: { userId: user.userId, admin: true },
      },
    });
    expect(await getItem(keys.user(church.orgId, user.userId))).toMatchObject({ admin: true });
    // The old token still says admin false: the record decides.
    expect(claimsOf(user.token)['custom:admin']).toBe('false');
    expect((await call('listUsers', { token: user.token })).status).toBe(200);
    // The next token agrees.
    expect(claimsOf(await idToken(user.email, PASSWORD))['custom:admin']).toBe('true');
  });

  it('refuses a removed admin at once, though their token still says admin', async () => {
    const church = await createChurch();
    // Linked to a member of their own: once no admin, still someone the church lists.
    const own = await addFamilyVia(church.adminToken);
    const deputy = await createAccountIn(church.orgId, { admin: true, memberId: own.memberId, familyId: own.familyId });
    expect(claimsOf(deputy.token)['custom:admin']).toBe('true');
    expect((await call('listUsers', { token: deputy.token })).status).toBe(200);

    const answer = await setAdmin(church.adminToken, deputy.userId, false);
    expect(answer.body).toMatchObject({
      success: true,
      message: `Successfully removed admin privileges for ${deputy.email}.`,
      user: { admin: false },
    });
    for (const [operation, request] of [
      ['listUsers', {}],
      ['addFamily', { body: { surname: 'Refused' } }],
      ['setUserAdminClaim', { params: { userId: deputy.userId }, body: { setAdminStatus: true } }],
    ] as const) {
      const before = await snapshotTable();
      const refused = await call(operation, { token: deputy.token, ...request });
      expect(refused.status, operation).toBe(403);
      expect(await snapshotTable()).toBe(before);
    }
    expect(claimsOf(await idToken(deputy.email, PASSWORD))['custom:admin']).toBe('false');
    // Still a member: the directory stays readable.
    expect((await call('listFamilies', { token: deputy.token })).status).toBe(200);
  });

  it('lets an admin remove their own admin status while another admin remains', async () => {
    const church = await createChurch();
    await createAccountIn(church.orgId, { admin: true });
    const answer = await setAdmin(church.adminToken, String(claimsOf(church.adminToken).sub), false);
    expect(answer.status).toBe(200);
    expect((await call('listUsers', { token: church.adminToken })).status).toBe(403);
  });

  it('answers not-found for another church’s user or an unknown id, and changes nothing', async () => {
    const [church, other] = await Promise.all([createChurch(), createChurch()]);
    const theirs = await createAccountIn(other.orgId);
    const before = await snapshotTable();
    for (const userId of [theirs.userId, newId()]) {
      const answer = await setAdmin(church.adminToken, userId, true);
      expect(answer).toMatchObject({ status: 404, body: { error: { code: 'not-found', message: 'User not found.' } } });
    }
    expect(await snapshotTable()).toBe(before);
    expect(claimsOf(await idToken(theirs.email, PASSWORD))['custom:admin']).toBe('false');
  });
});

describe('deleteUserAuth', () => {
  it('deletes the Cognito account and the user record; the deleted user is refused at once and cannot refresh', async () => {
    const church = await createChurch();
    const user = await memberAccountIn(church);
    const { idToken: token, refreshToken } = await signInTokens(user.email);
    expect((await call('listFamilies', { token })).status).toBe(200);

    const answer = await call('deleteUserAuth', { token: church.adminToken, params: { userId: user.userId } });
    expect(answer).toMatchObject({ status: 200, body: { success: true, message: `User "${user.email}" deleted.` } });
    expect(await getItem(keys.user(church.orgId, user.userId))).toBeUndefined();
    expect(await accountExists(user.email)).toBe(false);
    expect((await call('listFamilies', { token })).status).toBe(403);
    await expect(refresh(refreshToken)).rejects.toThrow();
    const users = await call<ListUsersResult>('listUsers', { token: church.adminToken });
    expect(users.body.users.map((u) => u.userId)).not.toContain(user.userId);
    // Deleting again: the user is gone.
    expect((await call('deleteUserAuth', { token: church.adminToken, params: { userId: user.userId } })).status).toBe(
      404,
    );
  });

  it('refuses to delete one’s own account, and changes nothing', async () => {
    const church = await createChurch();
    const before = await snapshotTable();
    const answer = await call('deleteUserAuth', {
      token: church.adminToken,
      params: { userId: String(claimsOf(church.adminToken).sub) },
    });
    expect(answer).toMatchObject({
      status: 403,
      body: { error: { code: 'permission-denied', message: 'You cannot delete your own account.' } },
    });
    expect(await snapshotTable()).toBe(before);
    expect(await accountExists(church.adminEmail)).toBe(true);
  });

  it('answers not-found for another church’s user, whose account stays', async () => {
    const [church, other] = await Promise.all([createChurch(), createChurch()]);
    const theirs = await createAccountIn(other.orgId);
    const before = await snapshotTable();
    const answer = await call('deleteUserAuth', { token: church.adminToken, params: { userId: theirs.userId } });
    expect(answer).toMatchObject({ status: 404, body: { error: { code: 'not-found', message: 'User not found.' } } });
    expect(await snapshotTable()).toBe(before);
    expect(await accountExists(theirs.email)).toBe(true);
  });
});

const userIdOf = (token: string) => String(claimsOf(token).sub);
const adminsOf = async (orgId: string) =>
  (await listUserRecords(orgId)).filter((u) => u.admin && u.email !== stack.env.SUPER_ADMIN_EMAIL);

describe('a church’s last administrator', () => {
  it('cannot remove their own admin right when no other admin would remain, and nothing changes', async () => {
    const church = await createChurch();
    const before = await snapshotTable();
    const answer = await setAdmin(church.adminToken, userIdOf(church.adminToken), false);
    expect(answer).toMatchObject({
      status: 400,
      body: { error: { code: 'failed-precondition', message: NO_ADMIN_LEFT } },
    });
    expect(await snapshotTable()).toBe(before);
    expect(claimsOf(await idToken(church.adminEmail, PASSWORD))['custom:admin']).toBe('true');
  });

  it('is not kept by the operator’s account, which is no admin of the church', async () => {
    const church = await createChurch();
    const operator = await superAdminIn(church.orgId);
    await ddb.send(
      new UpdateCommand({
        TableName: stack.env.TABLE_NAME,
        Key: keys.user(church.orgId, operator.userId),
        UpdateExpression: 'SET admin = :yes',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
    const answer = await setAdmin(church.adminToken, userIdOf(church.adminToken), false);
    expect(answer.body.error).toEqual({ code: 'failed-precondition', message: NO_ADMIN_LEFT });
  });

  it.each([
    ['remove each other’s admin right', (token: string, userId: string) => setAdmin(token, userId, false)],
    ['delete each other', (token: string, userId: string) => call('deleteUserAuth', { token, params: { userId } })],
  ])('keeps one when its only two admins %s at the same moment', async (_what, act) => {
    const church = await createChurch();
    const deputy = await createAccountIn(church.orgId, { admin: true });
    const answers = await Promise.all([
      act(church.adminToken, deputy.userId),
      act(deputy.token, userIdOf(church.adminToken)),
    ]);
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
    expect(await adminsOf(church.orgId)).toHaveLength(1);
  });
});

describe('the operator’s account (the super-admin)', () => {
  it('is never listed, made admin, demoted or deleted by a church’s admin', async () => {
    const church = await createChurch();
    const operator = await superAdminIn(church.orgId);
    const { users } = (await call<ListUsersResult>('listUsers', { token: church.adminToken })).body;
    expect(users.map((u) => u.email)).toEqual([church.adminEmail]);

    const before = await snapshotTable();
    for (const answer of [
      await setAdmin(church.adminToken, operator.userId, true),
      await setAdmin(church.adminToken, operator.userId, false),
      await call('deleteUserAuth', { token: church.adminToken, params: { userId: operator.userId } }),
    ])
      expect(answer).toMatchObject({ status: 404, body: { error: { code: 'not-found', message: USER_NOT_FOUND } } });
    expect(await snapshotTable()).toBe(before);
    expect(await accountExists(operator.email)).toBe(true);
  });
});

describe('the super-admin makes a user of a church its administrator', () => {
  it('lists the church’s users and grants one the admin right, record and attribute', async () => {
    const church = await createChurch();
    const operator = await superAdminIn(church.orgId);
    const user = await memberAccountIn(church);
    const listed = await call<ListUsersResult>('listOrganizationUsers', {
      token: operator.token,
      params: { orgId: church.orgId },
    });
    expect(listed.status).toBe(200);
    expect(listed.body.users.map((u) => u.email).sort()).toEqual([church.adminEmail, user.email].sort());

    const answer = await call('makeOrganizationAdmin', {
      token: operator.token,
      params: { orgId: church.orgId, userId: user.userId },
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { success: true, message: `${user.email} is now an administrator of this church.`, user: { admin: true } },
    });
    expect((await call('listUsers', { token: user.token })).status).toBe(200);
    expect(claimsOf(await idToken(user.email, PASSWORD))['custom:admin']).toBe('true');
  });

  it('answers not-found for an unknown church, another church’s user and its own account, changing nothing', async () => {
    const [church, other] = await Promise.all([createChurch(), createChurch()]);
    const operator = await superAdminIn(church.orgId);
    const theirs = await createAccountIn(other.orgId);
    const before = await snapshotTable();
    for (const params of [
      { orgId: newId(), userId: theirs.userId },
      { orgId: church.orgId, userId: theirs.userId },
      { orgId: church.orgId, userId: operator.userId },
    ]) {
      const answer = await call('makeOrganizationAdmin', { token: operator.token, params });
      expect(answer.status, JSON.stringify(params)).toBe(404);
    }
    expect(
      (await call('listOrganizationUsers', { token: operator.token, params: { orgId: newId() } })).body.error,
    ).toEqual({ code: 'not-found', message: 'Organization not found.' });
    expect(await snapshotTable()).toBe(before);
  });
});

describe('AdminUserGlobalSignOut (a user deletion signs the account out first)', () => {
  it('revokes the refresh tokens; a new password sign-in still works', async () => {
    const church = await createChurch();
    const user = await createAccountIn(church.orgId);
    const { refreshToken } = await signInTokens(user.email);
    expect((await refresh(refreshToken)).AuthenticationResult?.IdToken).toBeTruthy();
    await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: stack.userPoolId, Username: user.userId }));
    await expect(refresh(refreshToken)).rejects.toThrow();
    expect((await signInTokens(user.email)).idToken).toBeTruthy();
  });
});
