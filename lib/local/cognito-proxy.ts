/**
 * A thin compatibility layer in front of cognito-local, so the browser (Amplify) and the SDK see
 * what real Cognito does:
 *  - GetTokensFromRefreshToken (Amplify's refresh) is answered with InitiateAuth REFRESH_TOKEN_AUTH;
 *  - SignUp and UpdateUserAttributes may write only the app client's write attributes;
 *  - token answers carry ExpiresIn;
 *  - a wrong password at sign-in is NotAuthorizedException (cognito-local says InvalidPasswordException).
 */
import { USER_POOL_SETTINGS } from '../settings';
import type { LocalPool } from './cognito';

interface ProxyAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const writable = new Set<string>(USER_POOL_SETTINGS.clientWriteAttributes);
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

function cognitoError(type: string, message: string): ProxyAnswer {
  return {
    status: 400,
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type },
    body: JSON.stringify({ __type: type, message }),
  };
}

async function forward(pool: LocalPool, operation: string, payload: unknown): Promise<ProxyAnswer> {
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

function withExpiry(answer: ProxyAnswer): ProxyAnswer {
  if (answer.status !== 200) return answer;
  const parsed = JSON.parse(answer.body) as { AuthenticationResult?: Record<string, unknown> };
  if (parsed.AuthenticationResult && parsed.AuthenticationResult.ExpiresIn === undefined) {
    parsed.AuthenticationResult.ExpiresIn = USER_POOL_SETTINGS.idTokenValidityMinutes * 60;
    parsed.AuthenticationResult.TokenType ??= 'Bearer';
  }
  return { ...answer, body: JSON.stringify(parsed) };
}

export async function cognitoProxy(pool: LocalPool, target: string | undefined, rawBody: string): Promise<ProxyAnswer> {
  const operation = (target ?? '').replace(TARGET_PREFIX, '');
  let payload: Record<string, unknown>;
  try {
    payload = rawBody ? (JSON.parse(rawBody) as Record<string, unknown>) : {};
  } catch {
    return cognitoError('SerializationException', 'Malformed request body.');
  }

  if (operation === 'SignUp' || operation === 'UpdateUserAttributes') {
    const attributes = (payload.UserAttributes ?? []) as { Name?: string }[];
    const forbidden = attributes.find((a) => !a.Name || !writable.has(a.Name));
    if (forbidden) return cognitoError('NotAuthorizedException', 'A client attempted to write unauthorized attribute');
  }

  if (operation === 'GetTokensFromRefreshToken') {
    const answer = await forward(pool, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: payload.ClientId,
      AuthParameters: { REFRESH_TOKEN: payload.RefreshToken },
    });
    return withExpiry(answer);
  }

  const answer = await forward(pool, operation, payload);
  if (operation === 'InitiateAuth' && answer.status >= 400 && answer.body.includes('InvalidPasswordException')) {
    return cognitoError('NotAuthorizedException', 'Incorrect username or password.');
  }
  return withExpiry(answer);
}
