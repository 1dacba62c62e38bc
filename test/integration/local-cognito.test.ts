/** The Cognito compatibility proxy makes cognito-local behave as real Cognito does where we rely on it. */
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  DeleteUserAttributesCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { stack } from '../support/env';
import { PASSWORD, createAccountIn, createChurch } from '../support/fixtures';

const mailsTo = async (to: string) =>
  (await (await fetch(`${stack.url}/_local/mailbox.json?to=${encodeURIComponent(to)}`)).json()) as unknown[];

// The browser's path: through the gateway's /cognito endpoint.
const browserCognito = new CognitoIdentityProviderClient({ endpoint: `${stack.url}/cognito` });
// The handlers' path: cognito-local itself.
const serverCognito = new CognitoIdentityProviderClient({ endpoint: stack.cognitoEndpoint });

/** A raw call on the browser's endpoint, as a script in a page could make it (no SDK, no signature). */
async function rawCall(target: string, body: unknown) {
  const response = await fetch(`${stack.url}/cognito`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { __type?: string; message?: string | null } };
}

const attributesOf = async (email: string) => {
  const { UserAttributes } = await serverCognito.send(
    new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }),
  );
  return Object.fromEntries((UserAttributes ?? []).map((a) => [a.Name, a.Value]));
};

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { iat: number; auth_time: number };

async function signIn(email: string) {
  const { AuthenticationResult } = await browserCognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.clientId,
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  );
  return AuthenticationResult!;
}

describe('local Cognito as the browser sees it', () => {
  it('refuses a user writing their own custom attributes (admin, orgId) and allows name', async () => {
    const church = await createChurch();
    const member = await createAccountIn(church.orgId);
    const { AccessToken } = await signIn(member.email);
    for (const Name of ['custom:admin', 'custom:orgId', 'custom:familyId']) {
      await expect(
        browserCognito.send(
          new UpdateUserAttributesCommand({ AccessToken, UserAttributes: [{ Name, Value: 'true' }] }),
        ),
      ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    }
    await expect(
      browserCognito.send(
        new UpdateUserAttributesCommand({ AccessToken, UserAttributes: [{ Name: 'name', Value: 'New Name' }] }),
      ),
    ).resolves.toBeDefined();
  });

  it('answers GetTokensFromRefreshToken (Amplify’s refresh) with fresh tokens and an expiry', async () => {
    const church = await createChurch();
    const first = await signIn(church.adminEmail);
    expect(first.ExpiresIn).toBeGreaterThan(0);
    const { AuthenticationResult } = await browserCognito.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: stack.clientId, RefreshToken: first.RefreshToken! }),
    );
    expect(AuthenticationResult?.IdToken).toMatch(/^ey/);
    expect(AuthenticationResult?.ExpiresIn).toBeGreaterThan(0);
  });

  it('keeps the sign-in’s auth_time in refreshed tokens, as Cognito does, on both refresh paths', async () => {
    const church = await createChurch();
    const first = await signIn(church.adminEmail);
    const signedIn = claimsOf(first.IdToken!);
    expect(Number.isInteger(signedIn.auth_time)).toBe(true);
    expect(claimsOf(first.AccessToken!).auth_time).toBe(signedIn.auth_time);
    // A refresh in a later second: new iat, the same auth_time.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
    const amplify = (
      await browserCognito.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: stack.clientId, RefreshToken: first.RefreshToken! }),
      )
    ).AuthenticationResult!;
    const initiated = (
      await serverCognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: stack.clientId,
          AuthParameters: { REFRESH_TOKEN: first.RefreshToken! },
        }),
      )
    ).AuthenticationResult!;
    for (const token of [amplify.IdToken!, amplify.AccessToken!, initiated.IdToken!, initiated.AccessToken!]) {
      expect(claimsOf(token).iat).toBeGreaterThan(signedIn.iat);
      expect(claimsOf(token).auth_time).toBe(signedIn.auth_time);
    }
    // Still tokens the API takes (signed with the pool's key).
    expect((await call('getMe', { token: amplify.IdToken! })).status).toBe(200);
  });
});

describe('the operations a browser may call', () => {
  it('refuses a target with anything after the operation, so the attribute filter cannot be skipped', async () => {
    const church = await createChurch();
    const member = await createAccountIn(church.orgId);
    const { AccessToken } = await signIn(member.email);
    const body = { AccessToken, UserAttributes: [{ Name: 'custom:admin', Value: 'true' }] };
    for (const target of [
      'AWSCognitoIdentityProviderService.UpdateUserAttributes.x',
      'AWSCognitoIdentityProviderService.UpdateUserAttributes/',
      'Other.UpdateUserAttributes',
      'UpdateUserAttributes',
    ]) {
      expect(await rawCall(target, body), target).toMatchObject({
        status: 400,
        body: { __type: 'UnknownOperationException' },
      });
    }
    expect((await attributesOf(member.email))['custom:admin']).toBe('false');
  });

  it('refuses an unsigned admin operation as Cognito does, so no page can take over an account', async () => {
    const church = await createChurch();
    const member = await createAccountIn(church.orgId);
    const calls: [string, unknown][] = [
      ['ListUsers', { UserPoolId: stack.userPoolId }],
      [
        'AdminUpdateUserAttributes',
        {
          UserPoolId: stack.userPoolId,
          Username: member.email,
          UserAttributes: [{ Name: 'custom:admin', Value: 'true' }],
        },
      ],
      [
        'AdminSetUserPassword',
        { UserPoolId: stack.userPoolId, Username: member.email, Password: 'taken-over-1', Permanent: true },
      ],
    ];
    for (const [operation, body] of calls) {
      expect(await rawCall(`AWSCognitoIdentityProviderService.${operation}`, body), operation).toMatchObject({
        status: 400,
        body: { __type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' },
      });
    }
    expect((await attributesOf(member.email))['custom:admin']).toBe('false');
    await expect(signIn(member.email)).resolves.toMatchObject({ IdToken: expect.stringMatching(/^ey/) });
  });

  it('refuses a signed admin operation too: the browser side has no IAM identity', async () => {
    const church = await createChurch();
    const member = await createAccountIn(church.orgId);
    // The SDK signs admin operations with the test process's (local) credentials.
    await expect(
      browserCognito.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: stack.userPoolId,
          Username: member.email,
          Password: 'taken-over-1',
          Permanent: true,
        }),
      ),
    ).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    await expect(signIn(member.email)).resolves.toMatchObject({ IdToken: expect.stringMatching(/^ey/) });
  });

  it('refuses self sign-up, which the deployed pool has off', async () => {
    const answer = await rawCall('AWSCognitoIdentityProviderService.SignUp', {
      ClientId: stack.clientId,
      Username: 'self-made@example.org',
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: 'self-made@example.org' }],
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { __type: 'NotAuthorizedException', message: 'SignUp is not permitted for this user pool' },
    });
  });

  it('refuses deleting an attribute the app client may not write', async () => {
    const church = await createChurch();
    const member = await createAccountIn(church.orgId);
    const { AccessToken } = await signIn(member.email);
    await expect(
      browserCognito.send(new DeleteUserAttributesCommand({ AccessToken, UserAttributeNames: ['custom:orgId'] })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect((await attributesOf(member.email))['custom:orgId']).toBe(church.orgId);
  });
});

describe('usernames are case-insensitive, as in the deployed pool', () => {
  it('signs in with the address in any letter case', async () => {
    const church = await createChurch();
    const member = await createAccountIn(church.orgId);
    const { IdToken } = await signIn(member.email.toUpperCase());
    const claims = JSON.parse(Buffer.from(IdToken!.split('.')[1]!, 'base64url').toString('utf8')) as { email: string };
    expect(claims.email).toBe(member.email);
  });

  it('refuses a second account for the same address in another letter case', async () => {
    const church = await createChurch();
    const member = await createAccountIn(church.orgId);
    const variant = member.email.replace(/^./, (c) => c.toUpperCase());
    await expect(
      serverCognito.send(
        new AdminCreateUserCommand({
          UserPoolId: stack.userPoolId,
          Username: variant,
          MessageAction: 'SUPPRESS',
          UserAttributes: [{ Name: 'email', Value: variant }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'UsernameExistsException' });
  });
});

describe('password reset', () => {
  it('sends no code to an address nobody verified, as Cognito does, and one to a verified address', async () => {
    const church = await createChurch();
    const unverified = await createAccountIn(church.orgId, { verified: false });
    const reset = (Username: string) =>
      browserCognito.send(new ForgotPasswordCommand({ ClientId: stack.clientId, Username }));
    await expect(reset(unverified.email)).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'Cannot reset password for the user as there is no registered/verified email or phone_number',
    });
    expect(await mailsTo(unverified.email)).toHaveLength(0);
    // The administrator's address got the code that opened the account; the reset's code comes on top.
    const before = (await mailsTo(church.adminEmail)).length;
    await expect(reset(church.adminEmail)).resolves.toMatchObject({
      CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' },
    });
    expect(await mailsTo(church.adminEmail)).toHaveLength(before + 1);
  });
});

describe('wrong codes', () => {
  it('stops taking codes after five wrong ones, even the right one, as Cognito does', async () => {
    const church = await createChurch();
    const Username = church.adminEmail;
    await browserCognito.send(new ForgotPasswordCommand({ ClientId: stack.clientId, Username }));
    const [mail] = (await mailsTo(Username)) as { code: string }[];
    const confirm = (ConfirmationCode: string) =>
      browserCognito.send(
        new ConfirmForgotPasswordCommand({
          ClientId: stack.clientId,
          Username,
          ConfirmationCode,
          Password: 'new-pass-1',
        }),
      );
    const wrong = mail!.code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(confirm(wrong)).rejects.toMatchObject({ name: 'CodeMismatchException' });
    }
    await expect(confirm(mail!.code)).rejects.toMatchObject({
      name: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    await expect(signIn(Username)).resolves.toMatchObject({ IdToken: expect.stringMatching(/^ey/) });
  });
});

describe('sign-in failures', () => {
  it('answers a wrong password with NotAuthorizedException, as Cognito does', async () => {
    const church = await createChurch();
    await expect(
      browserCognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: stack.clientId,
          AuthParameters: { USERNAME: church.adminEmail, PASSWORD: 'wrong-one' },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});
