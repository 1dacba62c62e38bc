/**
 * A thin compatibility layer in front of cognito-local, so the browser (Amplify) and the SDK see
 * what real Cognito does:
 *  - only the operations a browser may call get through, named exactly (cognito-operations.ts);
 *  - GetTokensFromRefreshToken (Amplify's refresh) is answered with InitiateAuth REFRESH_TOKEN_AUTH;
 *  - UpdateUserAttributes and DeleteUserAttributes may touch only the app client's write attributes;
 *  - token answers carry ExpiresIn;
 *  - a wrong password at sign-in is NotAuthorizedException (cognito-local says InvalidPasswordException);
 *  - wrong codes are limited per account (cognito-attempts.ts);
 *  - access tokens are verified, and every challenge's Session is bound to its user and challenge,
 *    single-use and short-lived (cognito-mfa.ts);
 *  - GlobalSignOut revokes the user's refresh tokens (cognito-host.ts; cognito-local has none).
 */
import { USER_POOL_SETTINGS } from '../settings';
import { type CognitoAnswer, cognitoError } from './cognito-answer';
import { CodeAttempts } from './cognito-attempts';
import { accessTokenRefusal, MfaSessions } from './cognito-mfa';
import { classify, TARGET_PREFIX } from './cognito-operations';
import type { LocalPool } from './cognito';

export interface CognitoRequest {
  /** The X-Amz-Target header. */
  target: string | undefined;
  /** Whether the request carries an Authorization header (a SigV4 signature). */
  signed: boolean;
  body: string;
}

const writable = new Set<string>(USER_POOL_SETTINGS.clientWriteAttributes);
const codeAttempts = new CodeAttempts();
const mfaSessions = new MfaSessions();

async function forward(pool: LocalPool, operation: string, payload: unknown): Promise<CognitoAnswer> {
  const response = await fetch(pool.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': TARGET_PREFIX + operation },
    body: JSON.stringify(payload),
  });
  const headers: Record<string, string> = { 'content-type': 'application/x-amz-json-1.1' };
  const errorType = response.headers.get('x-amzn-errortype');
  if (errorType) headers['x-amzn-errortype'] = errorType;
  return { status: response.status, headers, body: await response.text() };
}

function withExpiry(answer: CognitoAnswer): CognitoAnswer {
  if (answer.status !== 200) return answer;
  const parsed = JSON.parse(answer.body) as { AuthenticationResult?: Record<string, unknown> };
  if (parsed.AuthenticationResult && parsed.AuthenticationResult.ExpiresIn === undefined) {
    parsed.AuthenticationResult.ExpiresIn = USER_POOL_SETTINGS.idTokenValidityMinutes * 60;
    parsed.AuthenticationResult.TokenType ??= 'Bearer';
  }
  return { ...answer, body: JSON.stringify(parsed) };
}

/** The attribute names an operation would write or delete. */
function attributeNames(operation: string, payload: Record<string, unknown>): unknown[] | null {
  if (operation === 'UpdateUserAttributes') {
    const attributes = Array.isArray(payload.UserAttributes) ? payload.UserAttributes : [];
    return attributes.map((a) => (a as { Name?: unknown } | null)?.Name);
  }
  if (operation === 'DeleteUserAttributes') {
    return Array.isArray(payload.UserAttributeNames) ? payload.UserAttributeNames : [];
  }
  return null;
}

export async function cognitoProxy(pool: LocalPool, request: CognitoRequest): Promise<CognitoAnswer> {
  const classified = classify(request.target, request.signed);
  if ('refusal' in classified) return classified.refusal;
  const { operation } = classified;

  let payload: Record<string, unknown>;
  try {
    const parsed: unknown = request.body ? JSON.parse(request.body) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    payload = parsed as Record<string, unknown>;
  } catch {
    return cognitoError('SerializationException', 'Malformed request body.');
  }

  const badToken = await accessTokenRefusal(pool, payload);
  if (badToken) return badToken;

  const names = attributeNames(operation, payload);
  if (names?.some((name) => typeof name !== 'string' || !writable.has(name))) {
    return cognitoError('NotAuthorizedException', 'A client attempted to write unauthorized attribute');
  }

  if (operation === 'GetTokensFromRefreshToken') {
    const answer = await forward(pool, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: payload.ClientId,
      AuthParameters: { REFRESH_TOKEN: payload.RefreshToken },
    });
    return withExpiry(answer);
  }

  const refused =
    codeAttempts.refusal(operation, payload) ??
    (operation === 'RespondToAuthChallenge' ? mfaSessions.refusal(payload) : null);
  if (refused) return refused;
  const answer = await forward(pool, operation, payload);
  codeAttempts.record(operation, payload, answer);
  if (operation === 'InitiateAuth') mfaSessions.issued(payload, answer);
  if (operation === 'RespondToAuthChallenge') {
    mfaSessions.answered(payload, answer);
    mfaSessions.issued(payload, answer);
  }
  if (operation === 'InitiateAuth' && answer.status >= 400 && answer.body.includes('InvalidPasswordException')) {
    return cognitoError('NotAuthorizedException', 'Incorrect username or password.');
  }
  return withExpiry(answer);
}
