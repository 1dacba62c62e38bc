/**
 * The super-admin must use two-step sign-in, and each request must prove it: its routes answer 403
 * with a clear message while the account has no TOTP on (Cognito decides, read by AdminGetUser),
 * and, once it is on, admit only a token whose sign-in answered the code: one from after the moment
 * setTwoStep turned it on (the token's auth_time, which refreshes keep). An operator whose step went
 * on before that moment was kept gets the migration's moment (migrations/operatorTwoStep.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import {
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { forgetTwoStepOnSince, twoStepOnSince } from '../../lambdas/accounts/repos/twoStep';
import {
  OPERATOR_KEEPS_TOTP,
  OPERATOR_NEEDS_TOTP,
  OPERATOR_SIGN_IN_AGAIN,
  OPERATOR_TOTP_UNRECORDED,
  TOTP_NOT_SET_UP,
} from '../../lambdas/contract/mfa';
import { handler as operatorTwoStepMigration } from '../../lambdas/migrations/operatorTwoStep';
import { cognito } from '../../lambdas/platform/aws/cognito';
import { passwordSignIn, readOperatorTotpKey, signInWithTotp, totpCode } from '../../lib/local/operator-totp';
import { call } from '../support/api';
import { stack } from '../support/env';
import { PASSWORD, createAccountIn, createChurch, snapshotTable } from '../support/fixtures';
import { superAdminIn } from '../support/jobs';

/** Cognito's own switch (as the CLI's reset, or a browser calling Cognito), not the API's. */
const setTotp = (AccessToken: string, Enabled: boolean) =>
  cognito.send(
    new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled, PreferredMfa: Enabled } }),
  );

const refreshed = async (RefreshToken: string) =>
  (
    await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: stack.clientId,
        AuthParameters: { REFRESH_TOKEN: RefreshToken },
      }),
    )
  ).AuthenticationResult!;

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { iat: number; auth_time: number };

const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));

const operatorCall = (token: string) => call('getAllOrganizations', { token });
const refusedWith = (message: string) => ({ status: 403, body: { error: { code: 'permission-denied', message } } });

/**
 * The super-admin placed in a new church, and its sign-in as the browser makes it: the password,
 * then the code from its authenticator when Cognito asks for one.
 */
async function operatorIn() {
  const church = await createChurch();
  const { userId, email, token } = await superAdminIn(church.orgId);
  const key = readOperatorTotpKey(stack.dataDir)!;
  return { church, userId, email, token, signIn: () => signInWithTotp(email, PASSWORD, key) };
}

/**
 * The super-admin with the code turned off by Cognito's own switch (no moment forgotten), and a
 * sign-in then: with the password alone.
 */
async function operatorWithCodeOff() {
  const operator = await operatorIn();
  await setTotp((await operator.signIn()).AccessToken!, false);
  return { ...operator, passwordOnly: await operator.signIn() };
}

/** setTwoStep turns the code on through the API, as My Profile does, for the token's account. */
const turnOn = async (token: string) =>
  expect((await call('setTwoStep', { token, body: { on: true } })).status).toBe(200);

/** The migration's run, as CloudFormation's custom resource calls it after a deployment (and the local stack at its start). */
const migrate = async () =>
  (await operatorTwoStepMigration({ RequestType: 'Update' }, {
    functionName: 'operatorTwoStep',
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => 900_000,
  } as unknown as Context)) as { Data: Record<string, number> };

describe('the super-admin without two-step sign-in', () => {
  it('is refused every operator route with a clear 403 and nothing written; with it on, served', async () => {
    const { church, signIn, passwordOnly } = await operatorWithCodeOff();
    try {
      const before = await snapshotTable();
      const requests = [
        ['getAllOrganizations', {}],
        ['listOrganizationUsers', { params: { orgId: church.orgId } }],
        ['startIntegrityReport', {}],
        ['deleteAllDataForOrganization', { body: { orgId: church.orgId } }],
        ['getJob', { params: { jobId: 'job-1' } }],
        ['makeOrganizationAdmin', { params: { orgId: church.orgId, userId: 'user-1' } }],
      ] as const;
      for (const [operation, request] of requests) {
        const answer = await call(operation, { token: passwordOnly.IdToken!, ...request });
        expect(answer.status, operation).toBe(403);
        expect(answer.body, operation).toEqual({ error: { code: 'permission-denied', message: OPERATOR_NEEDS_TOTP } });
      }
      expect(await snapshotTable()).toBe(before);
    } finally {
      await turnOn(passwordOnly.IdToken!);
    }
    await nextSecond();
    expect((await operatorCall((await signIn()).IdToken!)).status).toBe(200);
  });
});

describe('the super-admin’s second step is proven per token', () => {
  it('refuses a password-only token from while the code was off, and tokens refreshed from it, once the code is on', async () => {
    const { signIn, passwordOnly } = await operatorWithCodeOff();
    expect(passwordOnly.RefreshToken).toBeTruthy();
    await nextSecond();
    await turnOn(passwordOnly.IdToken!);

    expect(await operatorCall(passwordOnly.IdToken!)).toMatchObject(refusedWith(OPERATOR_SIGN_IN_AGAIN));
    await nextSecond();
    const again = await refreshed(passwordOnly.RefreshToken!);
    expect(claimsOf(again.IdToken!).auth_time).toBe(claimsOf(passwordOnly.IdToken!).auth_time);
    expect(await operatorCall(again.IdToken!)).toMatchObject(refusedWith(OPERATOR_SIGN_IN_AGAIN));

    // A sign-in that answered the code, after the step went on: admitted, and so are its refreshes.
    const withCode = await signIn();
    expect((await operatorCall(withCode.IdToken!)).status).toBe(200);
    expect((await operatorCall((await refreshed(withCode.RefreshToken!)).IdToken!)).status).toBe(200);
    // The password-only session stays refused after the good one was admitted.
    expect(await operatorCall(passwordOnly.IdToken!)).toMatchObject(refusedWith(OPERATOR_SIGN_IN_AGAIN));
  });

  it('of two tokens issued in the same second, admits only the one whose sign-in answered the code', async () => {
    const { signIn, passwordOnly } = await operatorWithCodeOff();
    await nextSecond();
    await turnOn(passwordOnly.IdToken!);
    await nextSecond();
    let pair: [string, string] | null = null;
    for (let i = 0; i < 10 && !pair; i++) {
      const withCode = (await signIn()).IdToken!;
      const old = (await refreshed(passwordOnly.RefreshToken!)).IdToken!;
      if (claimsOf(withCode).iat === claimsOf(old).iat) pair = [withCode, old];
    }
    expect(pair).not.toBeNull();
    const [withCode, old] = pair!;
    expect((await operatorCall(withCode)).status).toBe(200);
    expect(await operatorCall(old)).toMatchObject(refusedWith(OPERATOR_SIGN_IN_AGAIN));
  });

  it('refuses while no turn-on is on record (turned on outside the product), until setTwoStep keeps one', async () => {
    const { userId, token, signIn } = await operatorIn();
    expect((await operatorCall(token)).status).toBe(200);
    await forgetTwoStepOnSince(userId);
    expect(await operatorCall(token)).toMatchObject(refusedWith(OPERATOR_TOTP_UNRECORDED));
    await turnOn(token);
    expect(await twoStepOnSince(userId)).not.toBeNull();
    expect(await operatorCall(token)).toMatchObject(refusedWith(OPERATOR_SIGN_IN_AGAIN));
    await nextSecond();
    expect((await operatorCall((await signIn()).IdToken!)).status).toBe(200);
  });

  it('may not turn the super-admin’s second step off', async () => {
    const { token } = await operatorIn();
    expect(await call('setTwoStep', { token, body: { on: false } })).toMatchObject(refusedWith(OPERATOR_KEEPS_TOTP));
    expect((await operatorCall(token)).status).toBe(200);
  });
});

describe('the migration for a super-admin whose step went on before its moment was kept', () => {
  it('keeps the run’s moment: a token from before it is refused, a sign-in with the code after it served; run again, changes nothing', async () => {
    const { userId, token, signIn } = await operatorIn();
    await forgetTwoStepOnSince(userId);
    expect(await operatorCall(token)).toMatchObject(refusedWith(OPERATOR_TOTP_UNRECORDED));

    const before = Date.now();
    expect((await migrate()).Data).toEqual({ recorded: 1 });
    const since = await twoStepOnSince(userId);
    expect(since).toBeGreaterThanOrEqual(before);
    expect(since).toBeLessThanOrEqual(Date.now());
    // The safe side: the token of a sign-in from before the run is refused, and the operator signs in again.
    expect(await operatorCall(token)).toMatchObject(refusedWith(OPERATOR_SIGN_IN_AGAIN));
    await nextSecond();
    expect((await operatorCall((await signIn()).IdToken!)).status).toBe(200);

    expect((await migrate()).Data).toEqual({ recorded: 0 });
    expect(await twoStepOnSince(userId)).toBe(since);
  });

  it('keeps no moment for a super-admin without TOTP on', async () => {
    const { userId, passwordOnly } = await operatorWithCodeOff();
    try {
      await forgetTwoStepOnSince(userId);
      expect((await migrate()).Data).toEqual({ recorded: 0 });
      expect(await twoStepOnSince(userId)).toBeNull();
    } finally {
      await turnOn(passwordOnly.IdToken!);
    }
  });
});

describe('setTwoStep for any account', () => {
  it('turns on only a verified authenticator, keeps when, and turning off forgets it', async () => {
    const church = await createChurch();
    const { email, userId } = await createAccountIn(church.orgId);
    const { AccessToken, IdToken } = (await passwordSignIn(email, PASSWORD)).AuthenticationResult!;
    const before = await snapshotTable();
    expect((await call('setTwoStep', { token: IdToken!, body: { on: true } })).body).toEqual({
      error: { code: 'failed-precondition', message: TOTP_NOT_SET_UP },
    });
    expect(await snapshotTable()).toBe(before);
    const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    await cognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(SecretCode!) }));
    expect((await call('setTwoStep', { token: IdToken!, body: { on: true } })).body).toEqual({ on: true });
    expect(await twoStepOnSince(userId)).not.toBeNull();
    expect((await passwordSignIn(email, PASSWORD)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect((await call('setTwoStep', { token: IdToken!, body: { on: false } })).body).toEqual({ on: false });
    expect(await twoStepOnSince(userId)).toBeNull();
  });
});
