import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../lambdas/contract/commonPasswords';
import { keys } from '../../lambdas/core/repos/keys';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { call, idToken } from '../support/api';
import { stack } from '../support/env';
import { ADMIN_EXISTS } from '../../lambdas/accounts/accounts';
import { PROOF_MESSAGES } from '../../lambdas/contract/auth';
import { mailsTo, proveMailedAddress } from '../support/mail';
import { ACCOUNT_EXISTS_SUBJECT } from '../../lambdas/accounts/proofMails';
import { registered } from '../../lambdas/accounts/finishAccount';
import { PASSWORD, openedItem, registrationBody, snapshotChurches, snapshotTable, unique } from '../support/fixtures';

const cognito = new CognitoIdentityProviderClient({ endpoint: stack.cognitoEndpoint });
const get = (Key: Record<string, string>) =>
  ddb.send(new GetCommand({ TableName: stack.env.TABLE_NAME, Key })).then((r) => r.Item);
const accountExists = (email: string) =>
  cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email })).then(
    () => true,
    () => false,
  );

/** Registration as the browser makes it: the request, the mailed code that makes the account, then the church. */
async function register(body: ReturnType<typeof registrationBody>) {
  const opened = await call('registerOrganization', { body });
  expect({ status: opened.status, body: opened.body }).toEqual({
    status: 200,
    body: { success: true, message: PROOF_MESSAGES.mailed },
  });
  expect((await proveMailedAddress(body.adminInfo.email, body.adminInfo.password)).status).toBe(200);
  const token = await idToken(body.adminInfo.email, body.adminInfo.password);
  return call<{ orgId: string }>('finishRegistration', { token, body: { churchInfo: body.churchInfo } });
}
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, string>;
const customClaims = async (email: string) => {
  const { UserAttributes } = await cognito.send(
    new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }),
  );
  return (UserAttributes ?? []).filter((a) => a.Name!.startsWith('custom:'));
};

describe('registerOrganization', () => {
  it('makes no account and no church before the code; once the code proves the address, makes the church, its name claim and its first admin', async () => {
    const body = registrationBody();
    const before = await snapshotChurches();
    expect((await call('registerOrganization', { body })).status).toBe(200);
    expect(await snapshotChurches()).toBe(before);
    expect(await accountExists(body.adminInfo.email)).toBe(false);
    await expect(idToken(body.adminInfo.email, PASSWORD)).rejects.toThrow();
    expect((await proveMailedAddress(body.adminInfo.email, PASSWORD)).status).toBe(200);
    // The church waits with the new account, apart from every church, until the finishing step.
    const sub = claimsOf(await idToken(body.adminInfo.email, PASSWORD)).sub!;
    expect((await openedItem(sub))?.openedFor).toEqual({ kind: 'register', churchInfo: body.churchInfo });
    const answer = await call<{ orgId: string }>('finishRegistration', {
      token: await idToken(body.adminInfo.email, PASSWORD),
      body: { churchInfo: body.churchInfo },
    });
    expect(answer.status).toBe(200);
    const { orgId } = answer.body;

    const org = await get(keys.org(orgId));
    expect(org).toMatchObject({
      orgName: body.churchInfo.name,
      contactName: body.adminInfo.name,
      contactEmail: body.adminInfo.email,
      familyCount: 0,
      memberCount: 0,
      groupCount: 0,
    });
    expect(new Date(org!.expiresAt).getFullYear()).toBe(new Date(org!.createdAt).getFullYear() + 1);
    expect(await get(keys.orgName(body.churchInfo.name))).toMatchObject({ orgId });

    const token = await idToken(body.adminInfo.email, PASSWORD);
    const claims = claimsOf(token);
    expect(claims).toMatchObject({ 'custom:orgId': orgId, 'custom:admin': 'true', email_verified: true });
    const user = await get(keys.user(orgId, claims.sub!));
    expect(user).toMatchObject({ admin: true, email: body.adminInfo.email });

    const me = await call('getMe', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ orgId, orgName: body.churchInfo.name, admin: true, superAdmin: false });
    expect(await openedItem(sub)).toBeUndefined();
  });

  it('makes the church when the address is proven on another device, which knows nothing of it', async () => {
    const body = registrationBody();
    expect((await call('registerOrganization', { body })).status).toBe(200);
    // The phone that read the mailed code enters it with the password, signs in and finishes with nothing of the church.
    expect((await proveMailedAddress(body.adminInfo.email, PASSWORD)).status).toBe(200);
    const phone = await idToken(body.adminInfo.email, PASSWORD);
    const finished = await call<{ orgId: string }>('finishSignUp', { token: phone, body: { orgId: null } });
    expect(finished).toMatchObject({ status: 200, body: { message: registered(body.churchInfo.name) } });
    const { orgId } = finished.body;
    expect(await get(keys.org(orgId))).toMatchObject({ orgName: body.churchInfo.name, city: body.churchInfo.city });
    const token = await idToken(body.adminInfo.email, PASSWORD);
    expect(claimsOf(token)).toMatchObject({ 'custom:orgId': orgId, 'custom:admin': 'true' });
    expect(await openedItem(claimsOf(token).sub!)).toBeUndefined();
    // The first browser, finishing later with what it kept, is told the account has its church.
    const again = await call('finishRegistration', { token, body: { churchInfo: body.churchInfo } });
    expect(again).toMatchObject({ status: 409, body: { error: { message: ADMIN_EXISTS } } });
  });

  it('refuses a taken church name (any case and spacing) and creates nothing', async () => {
    const first = registrationBody();
    expect((await register(first)).status).toBe(200);
    const again = registrationBody({ name: `  ${first.churchInfo.name.toUpperCase()} ` });
    const before = await snapshotTable();
    const answer = await call('registerOrganization', { body: again });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toEqual({
      code: 'already-exists',
      message: 'An organization with this name already exists.',
    });
    expect(await snapshotTable()).toBe(before);
    expect(await accountExists(again.adminInfo.email)).toBe(false);
  });

  it('answers an address that has an account like any other, and mails its owner the way in, with no code', async () => {
    const first = registrationBody();
    expect((await register(first)).status).toBe(200);
    const again = registrationBody({ email: first.adminInfo.email.toUpperCase() });
    again.adminInfo.password = 'not-the-owner-1';
    const before = await snapshotChurches();
    expect((await call('registerOrganization', { body: again })).body).toEqual({
      success: true,
      message: PROOF_MESSAGES.mailed,
    });
    const [mail] = await mailsTo(first.adminInfo.email);
    expect(mail).toMatchObject({ subject: ACCOUNT_EXISTS_SUBJECT });
    expect(mail!.code).toBeUndefined();
    await expect(idToken(first.adminInfo.email, 'not-the-owner-1')).rejects.toThrow();
    expect(await snapshotChurches()).toBe(before);
  });

  it('a stranger’s registration with the address never blocks its owner: the owner’s request replaces its code and church', async () => {
    const squatted = registrationBody();
    squatted.adminInfo.password = 'not-the-owner-1';
    expect((await call('registerOrganization', { body: squatted })).status).toBe(200);
    const owner = registrationBody({ email: squatted.adminInfo.email });
    const made = await register(owner);
    expect(made.status).toBe(200);
    expect(await get(keys.org(made.body.orgId))).toMatchObject({ orgName: owner.churchInfo.name });
    expect(await get(keys.orgName(squatted.churchInfo.name))).toBeUndefined();
    await expect(idToken(owner.adminInfo.email, 'not-the-owner-1')).rejects.toThrow();
  });

  it('takes the claims off again when the table write fails part-way (name claimed between check and write)', async () => {
    // Two registrations of the same new name at once: exactly one wins, the other leaves nothing behind.
    const name = unique('Race Church');
    const [a, b] = [registrationBody({ name }), registrationBody({ name })];
    for (const body of [a, b]) {
      expect((await call('registerOrganization', { body })).status).toBe(200);
      expect((await proveMailedAddress(body.adminInfo.email, PASSWORD)).status).toBe(200);
    }
    const finish = async (body: typeof a) =>
      call('finishRegistration', {
        token: await idToken(body.adminInfo.email, PASSWORD),
        body: { churchInfo: body.churchInfo },
      });
    const answers = await Promise.all([finish(a), finish(b)]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const loser = answers[0]!.status === 409 ? a : b;
    expect(await customClaims(loser.adminInfo.email)).toEqual([]);
  });

  const bad: [string, unknown, string][] = [
    ['an empty body', {}, 'All fields are required.'],
    [
      'a missing zip',
      { ...registrationBody(), churchInfo: { ...registrationBody().churchInfo, zip: '' } },
      'All fields are required.',
    ],
    [
      'a 4-digit zip',
      { ...registrationBody(), churchInfo: { ...registrationBody().churchInfo, zip: '2760' } },
      'Please enter a valid 5-digit Zip Code.',
    ],
    [
      'a state outside the list',
      { ...registrationBody(), churchInfo: { ...registrationBody().churchInfo, state: 'ZZ' } },
      'Please select a state from the list.',
    ],
    [
      'a bad e-mail',
      { ...registrationBody(), adminInfo: { ...registrationBody().adminInfo, email: 'not-an-email' } },
      'Please enter a valid administrator email address.',
    ],
    [
      'a short password',
      { ...registrationBody(), adminInfo: { ...registrationBody().adminInfo, password: '12345' } },
      'Administrator password must be at least 6 characters long.',
    ],
    [
      'one of the most common passwords',
      { ...registrationBody(), adminInfo: { ...registrationBody().adminInfo, password: 'Qwerty123' } },
      COMMON_PASSWORD_MESSAGE,
    ],
    [
      'numbers for names',
      { ...registrationBody(), churchInfo: { ...registrationBody().churchInfo, name: 42 } },
      'All fields are required.',
    ],
    [
      'a 10,000-character name',
      { ...registrationBody(), churchInfo: { ...registrationBody().churchInfo, name: 'x'.repeat(10_000) } },
      'Please use at most 100 characters.',
    ],
  ];
  it.each(bad)('answers 400 invalid-argument to %s and writes nothing', async (_what, body, message) => {
    const before = await snapshotTable();
    const answer = await call('registerOrganization', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ code: 'invalid-argument', message });
    expect(await snapshotTable()).toBe(before);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const answer = await call('registerOrganization', { rawBody: '{"churchInfo": ' });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe('invalid-argument');
  });

  it('ignores an orgId or admin flag smuggled into the body', async () => {
    const body = registrationBody();
    expect(
      (await call('registerOrganization', { body: { ...body, orgId: 'someone-elses-org', admin: false } })).status,
    ).toBe(200);
    expect((await proveMailedAddress(body.adminInfo.email, PASSWORD)).status).toBe(200);
    const answer = await call<{ orgId: string }>('finishRegistration', {
      token: await idToken(body.adminInfo.email, PASSWORD),
      body: { churchInfo: body.churchInfo, orgId: 'someone-elses-org', admin: false },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.orgId).not.toBe('someone-elses-org');
  });
});
