/**
 * Two-step sign-in for the local super-admin, who must have it (lambdas/platform/wiring/operatorMfa.ts):
 * the demo seed and the tests turn it on as the SPA would (sign in, AssociateSoftwareToken,
 * VerifySoftwareToken with a code, straight against cognito-local, then the API's setTwoStep,
 * which turns it on and keeps when), and keep the authenticator key in the data folder, where
 * `npm run demo:code` reads it. The operator pages admit sign-ins from the second after that.
 */
import {
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { setTwoStep } from '../../lambdas/accounts/twoStep';
import { cognito } from '../../lambdas/platform/aws/cognito';
import { env } from '../../lambdas/platform/env';
import { principalFromClaims } from '../../lambdas/platform/wiring/principal';

/** The super-admin's authenticator key, in the data folder. */
export const operatorTotpKeyFile = (dataDir: string) => path.join(dataDir, 'super-admin-totp-key.txt');

export const readOperatorTotpKey = (dataDir: string): string | null =>
  existsSync(operatorTotpKeyFile(dataDir)) ? readFileSync(operatorTotpKeyFile(dataDir), 'utf8').trim() : null;

/** The code an authenticator app shows for `key` now (RFC 6238: SHA-1, 6 digits, 30 s, as Cognito). */
export const totpCode = (key: string, timestamp = Date.now()): string =>
  new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });

/** A sign-in with the password: the tokens, or Cognito's challenge for the code when the account has it. */
export const passwordSignIn = (email: string, password: string) =>
  cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: env('USER_POOL_CLIENT_ID'),
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );

/** Turns two-step sign-in on for an account without it, as My Profile does; answers the authenticator's key. */
export async function turnOnTotp(email: string, password: string): Promise<string> {
  const { AccessToken, IdToken } = (await passwordSignIn(email, password)).AuthenticationResult!;
  const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken }));
  await cognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(SecretCode!) }));
  await turnOnAsTheApi(IdToken!);
  return SecretCode!;
}

/** Turns two-step sign-in on for the operator's account, keeps the key in the data folder, and returns it. */
export async function turnOnOperatorTotp(dataDir: string, email: string, password: string): Promise<string> {
  const key = await turnOnTotp(email, password);
  writeFileSync(operatorTotpKeyFile(dataDir), `${key}\n`);
  return key;
}

/**
 * What the API's setTwoStep does for the token's account (its authenticator verified): turns the
 * second step on and keeps when; then waits for the next second, so a sign-in right after is one
 * the operator pages admit (they refuse the second the step went on).
 */
export async function turnOnAsTheApi(idToken: string): Promise<void> {
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    string
  >;
  await setTwoStep(principalFromClaims(claims)!, true);
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
}

/** Signs in with password and, when Cognito asks, the code; the tokens. */
export async function signInWithTotp(email: string, password: string, key: string) {
  const challenge = await passwordSignIn(email, password);
  if (challenge.ChallengeName !== 'SOFTWARE_TOKEN_MFA') return challenge.AuthenticationResult!;
  const answer = await cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: env('USER_POOL_CLIENT_ID'),
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(key) },
    }),
  );
  return answer.AuthenticationResult!;
}
