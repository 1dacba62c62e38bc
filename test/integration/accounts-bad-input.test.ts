/**
 * Bad input on the sign-up and user-management routes: a clear 400 with the form's message where
 * it has one, never a 500, nothing written and no account made.
 */
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { COMMON_PASSWORD_MESSAGE } from '../../lambdas/contract/commonPasswords';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, idToken } from '../support/api';
import { expectRefusedUnchanged, type BadInputCase } from '../support/bad-input';
import { stack } from '../support/env';
import { PASSWORD, createAccountIn, createChurch, unique, type Church } from '../support/fixtures';
import { proveMailedAddress } from '../support/mail';

const long = (n: number) => 'x'.repeat(n);
const REQUIRED = 'All fields (Email, Full Name, Password, Confirm Password) are required.';

let church: Church;
let target: { userId: string };
beforeAll(async () => {
  church = await createChurch();
  target = await createAccountIn(church.orgId);
});

type Case = BadInputCase;

const email = () => `${unique('bad')}@example.org`;
const signup = (extra: Record<string, unknown>) => ({
  body: { email: email(), fullName: 'Valid Name', password: PASSWORD, orgId: church.orgId, ...extra },
});
const admin = (body: unknown, userId = target.userId) => ({ params: { userId }, body });

const cases: Case[] = [
  ['empty body', 'newUser', () => ({ body: {} }), REQUIRED],
  ['no e-mail', 'newUser', () => signup({ email: undefined }), REQUIRED],
  ['blank full name', 'newUser', () => signup({ fullName: '   ' }), REQUIRED],
  ['no password', 'newUser', () => signup({ password: '' }), REQUIRED],
  [
    'e-mail without a domain',
    'newUser',
    () => signup({ email: 'ruth@example' }),
    'Please enter a valid email address.',
  ],
  [
    'e-mail of 300 characters',
    'newUser',
    () => signup({ email: `${long(290)}@example.org` }),
    'Please enter a valid email address.',
  ],
  ['e-mail as a number', 'newUser', () => signup({ email: 42 }), REQUIRED],
  [
    'password of 5 characters',
    'newUser',
    () => signup({ password: '12345' }),
    'Password must be at least 6 characters long.',
  ],
  ['one of the most common passwords', 'newUser', () => signup({ password: 'password' }), COMMON_PASSWORD_MESSAGE],
  ['a common password in capitals', 'newUser', () => signup({ password: 'LETMEIN' }), COMMON_PASSWORD_MESSAGE],
  ['password of 10,000 characters', 'newUser', () => signup({ password: long(10_000) })],
  ['full name of 10,000 characters', 'newUser', () => signup({ fullName: long(10_000) })],
  ['orgId of 100 characters', 'newUser', () => signup({ orgId: long(100) })],
  ['orgId as an object', 'newUser', () => signup({ orgId: { $ne: null } })],
  ['body not JSON', 'newUser', () => ({ rawBody: '{"email":' }), 'The request body is not valid JSON.'],
  ['body an array', 'newUser', () => ({ rawBody: '[]' }), REQUIRED],
  [
    'body over 256 KB',
    'newUser',
    () => ({ rawBody: JSON.stringify({ email: email(), fullName: long(300_000) }) }),
    'The request is too large.',
  ],
  ['admin flag missing', 'setUserAdminClaim', () => admin({})],
  ['admin flag as text', 'setUserAdminClaim', () => admin({ setAdminStatus: 'true' })],
  ['admin flag as 1', 'setUserAdminClaim', () => admin({ setAdminStatus: 1 })],
  ['admin change of a malformed id', 'setUserAdminClaim', () => admin({ setAdminStatus: true }, 'a/b;DROP')],
  ['admin change of an id of 100 characters', 'setUserAdminClaim', () => admin({ setAdminStatus: true }, long(100))],
  ['delete of a malformed id', 'deleteUserAuth', () => ({ params: { userId: '<script>' } })],
  ['delete of a path-like id', 'deleteUserAuth', () => ({ params: { userId: '../admin' } })],
];

const cognito = new CognitoIdentityProviderClient({ endpoint: stack.cognitoEndpoint });
const accountExists = (username: string) =>
  cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: username })).then(
    () => true,
    () => false,
  );

describe('sign-up and user routes refuse bad input clearly and write nothing', () => {
  it.each(cases)('%s (%s)', async (_label, operation, request, message) => {
    const made = request();
    await expectRefusedUnchanged(operation === 'newUser' ? null : church.adminToken, operation, made, message);
    const address = (made.body as { email?: unknown } | undefined)?.email;
    if (typeof address === 'string') expect(await accountExists(address)).toBe(false);
  });

  it('ignores admin or claims smuggled into a sign-up body: the account is an ordinary member', async () => {
    const other = await createChurch();
    const family = await call<{ id: string }>('addFamily', { token: church.adminToken, body: { surname: 'Smuggle' } });
    const address = email();
    await call('addMember', {
      token: church.adminToken,
      body: { familyId: family.body.id, name: 'Smuggler', email: address },
    });
    const answer = await call('newUser', {
      body: {
        email: address,
        fullName: 'S',
        password: PASSWORD,
        orgId: church.orgId,
        admin: true,
        'custom:admin': 'true',
        custom: { orgId: other.orgId },
      },
    });
    expect(answer.status).toBe(200);
    expect((await proveMailedAddress(address, PASSWORD)).status).toBe(200);
    const finished = await call('finishSignUp', {
      token: await idToken(address, PASSWORD),
      body: { orgId: church.orgId, admin: true, 'custom:admin': 'true', custom: { orgId: other.orgId } },
    });
    expect(finished.status).toBe(200);
    const users = await call<{ users: { email: string; admin: boolean }[] }>('listUsers', { token: church.adminToken });
    expect(users.body.users.find((u) => u.email === address)).toMatchObject({ admin: false });
  });
});
