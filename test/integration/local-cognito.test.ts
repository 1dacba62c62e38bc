/** The Cognito compatibility proxy makes cognito-local behave as real Cognito does where we rely on it. */
import {
  CognitoIdentityProviderClient,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { stack } from '../support/env';
import { PASSWORD, createAccountIn, createChurch } from '../support/fixtures';

const mailsTo = async (to: string) =>
  (await (await fetch(`${stack.url}/_local/mailbox.json?to=${encodeURIComponent(to)}`)).json()) as unknown[];

// The browser's path: through the gateway's /cognito endpoint.
const browserCognito = new CognitoIdentityProviderClient({ endpoint: `${stack.url}/cognito` });

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
    await expect(reset(church.adminEmail)).resolves.toMatchObject({
      CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' },
    });
    expect(await mailsTo(church.adminEmail)).toHaveLength(1);
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
