/**
 * Two-step sign-in through the local Cognito proxy, as the browser (Amplify) drives it and as
 * Cognito answers: set up an authenticator (AssociateSoftwareToken, VerifySoftwareToken), turn it
 * on (SetUserMFAPreference), then a code at every sign-in (SOFTWARE_TOKEN_MFA challenge).
 */
import {
  AdminGetUserCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { EXPIRED_SESSION, SPENT_SESSION } from '../../lib/local/cognito-mfa';
import { stack } from '../support/env';
import { PASSWORD, createAccountIn, createChurch } from '../support/fixtures';
import { staleTotpCode, totpCode } from '../support/totp';

const browserCognito = new CognitoIdentityProviderClient({ endpoint: `${stack.url}/cognito` });
const serverCognito = new CognitoIdentityProviderClient({ endpoint: stack.cognitoEndpoint });

const initiate = (email: string) =>
  browserCognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.clientId,
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  );

const answer = (email: string, Session: string | undefined, code: string) =>
  browserCognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: stack.clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
    }),
  );

const mfaOf = async (email: string) =>
  (await serverCognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email })))
    .UserMFASettingList ?? [];

/** A member with an authenticator set up and verified (not yet turned on); its secret and access token. */
async function memberWithAuthenticator() {
  const church = await createChurch();
  const { email } = await createAccountIn(church.orgId);
  const AccessToken = (await initiate(email)).AuthenticationResult!.AccessToken!;
  const { SecretCode } = await browserCognito.send(new AssociateSoftwareTokenCommand({ AccessToken }));
  expect(SecretCode).toMatch(/^[A-Z2-7]{16,}$/);
  const verified = await browserCognito.send(
    new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(SecretCode!), FriendlyDeviceName: 'Phone' }),
  );
  expect(verified.Status).toBe('SUCCESS');
  return { email, secret: SecretCode!, AccessToken };
}

const turnOn = (AccessToken: string) =>
  browserCognito.send(
    new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
  );

describe('two-step sign-in (TOTP) through the local Cognito proxy', () => {
  it('refuses a wrong code when verifying a new authenticator, and a verified one is not on until the user turns it on', async () => {
    const church = await createChurch();
    const { email } = await createAccountIn(church.orgId);
    const AccessToken = (await initiate(email)).AuthenticationResult!.AccessToken!;
    const { SecretCode } = await browserCognito.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    await expect(
      browserCognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: staleTotpCode(SecretCode!) })),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    await browserCognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(SecretCode!) }));
    expect(await mfaOf(email)).toEqual([]);
    expect((await initiate(email)).AuthenticationResult?.IdToken).toMatch(/^ey/);
  });

  it('once on: asks for a code at sign-in, refuses a wrong one, gives tokens for the right one, and the Session only once', async () => {
    const { email, secret, AccessToken } = await memberWithAuthenticator();
    await turnOn(AccessToken);
    expect(await mfaOf(email)).toEqual(['SOFTWARE_TOKEN_MFA']);
    const me = await browserCognito.send(new GetUserCommand({ AccessToken }));
    expect(me).toMatchObject({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' });

    const challenge = await initiate(email);
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenge.AuthenticationResult).toBeUndefined();
    expect(challenge.Session).toBeTruthy();

    await expect(answer(email, challenge.Session, staleTotpCode(secret))).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    const signedIn = await answer(email, challenge.Session, totpCode(secret));
    expect(signedIn.AuthenticationResult?.IdToken).toMatch(/^ey/);
    // Its refresh token works, as Amplify uses it (cognito-local kept only InitiateAuth's).
    const refreshed = await browserCognito.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: stack.clientId,
        RefreshToken: signedIn.AuthenticationResult!.RefreshToken!,
      }),
    );
    expect(refreshed.AuthenticationResult?.IdToken).toMatch(/^ey/);
    await expect(answer(email, challenge.Session, totpCode(secret))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: SPENT_SESSION,
    });
  });

  it('refuses a made-up Session, and one issued to someone else', async () => {
    const first = await memberWithAuthenticator();
    const second = await memberWithAuthenticator();
    await turnOn(first.AccessToken);
    await turnOn(second.AccessToken);
    await expect(answer(first.email, 'made-up-session', totpCode(first.secret))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: EXPIRED_SESSION,
    });
    const theirs = await initiate(second.email);
    await expect(answer(first.email, theirs.Session, totpCode(first.secret))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('turns off with SetUserMFAPreference: sign-in gives tokens again', async () => {
    const { email, AccessToken } = await memberWithAuthenticator();
    await turnOn(AccessToken);
    await browserCognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    expect(await mfaOf(email)).toEqual([]);
    expect((await initiate(email)).AuthenticationResult?.IdToken).toMatch(/^ey/);
  });

  it('refuses a forged access token: nobody turns off someone else’s second step', async () => {
    const { email, AccessToken } = await memberWithAuthenticator();
    await turnOn(AccessToken);
    const [header, body] = AccessToken.split('.');
    const forged = `${header}.${body}.${Buffer.from('not the pool’s signature').toString('base64url')}`;
    await expect(
      browserCognito.send(
        new SetUserMFAPreferenceCommand({ AccessToken: forged, SoftwareTokenMfaSettings: { Enabled: false } }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid Access Token' });
    expect(await mfaOf(email)).toEqual(['SOFTWARE_TOKEN_MFA']);
  });
});

describe('the local Cognito is as strict as Cognito on every challenge (issue 30)', () => {
  it('refuses SMS_MFA, NEW_PASSWORD_REQUIRED and SELECT_MFA_TYPE answers with a made-up Session, for any account', async () => {
    const church = await createChurch();
    const { email } = await createAccountIn(church.orgId);
    const responses = {
      SMS_MFA: { USERNAME: email, SMS_MFA_CODE: '123456' },
      NEW_PASSWORD_REQUIRED: { USERNAME: email, NEW_PASSWORD: 'taken-over-1' },
      SELECT_MFA_TYPE: { USERNAME: email, ANSWER: 'SOFTWARE_TOKEN_MFA' },
    } as const;
    for (const [ChallengeName, ChallengeResponses] of Object.entries(responses))
      await expect(
        browserCognito.send(
          new RespondToAuthChallengeCommand({
            ClientId: stack.clientId,
            ChallengeName: ChallengeName as keyof typeof responses,
            Session: 'made-up-session',
            ChallengeResponses,
          }),
        ),
        ChallengeName,
      ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: EXPIRED_SESSION });
    // The password is unchanged: the account still signs in with it.
    expect((await initiate(email)).AuthenticationResult?.IdToken).toMatch(/^ey/);
  });

  it('refuses a TOTP Session answered as another challenge', async () => {
    const { email, secret, AccessToken } = await memberWithAuthenticator();
    await turnOn(AccessToken);
    const challenge = await initiate(email);
    await expect(
      browserCognito.send(
        new RespondToAuthChallengeCommand({
          ClientId: stack.clientId,
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session: challenge.Session,
          ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'taken-over-1' },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect((await answer(email, challenge.Session, totpCode(secret))).AuthenticationResult?.IdToken).toMatch(/^ey/);
  });

  it('GlobalSignOut answers, and revokes the refresh token', async () => {
    const church = await createChurch();
    const { email } = await createAccountIn(church.orgId);
    const signedIn = (await initiate(email)).AuthenticationResult!;
    const refresh = () =>
      browserCognito.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: stack.clientId, RefreshToken: signedIn.RefreshToken! }),
      );
    expect((await refresh()).AuthenticationResult?.IdToken).toMatch(/^ey/);
    await browserCognito.send(new GlobalSignOutCommand({ AccessToken: signedIn.AccessToken! }));
    await expect(refresh()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});
