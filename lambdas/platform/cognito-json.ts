/**
 * Cognito's admin API as signed JSON calls (platform/aws-signed.ts) instead of the Cognito client:
 * every handler also carries the DynamoDB client, and the Cognito client took the handlers that
 * manage accounts past the 250 KB bundle budget. The requests are the API's own JSON documents
 * (one object per operation, the UserPoolId added here). Endpoint:
 * AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER when set, like the SDK.
 */
import { signedJsonCall } from './aws-signed';
import { env } from './env';

export function cognitoCall<T = unknown>(operation: string, body: Record<string, unknown>): Promise<T> {
  return signedJsonCall<T>({
    endpointId: 'COGNITO_IDENTITY_PROVIDER',
    defaultHost: (region) => `cognito-idp.${region}.amazonaws.com`,
    signingName: 'cognito-idp',
    method: 'POST',
    path: '/',
    body: { UserPoolId: env('USER_POOL_ID'), ...body },
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
  });
}

export interface PoolUser {
  /** The account's `sub`: the user id of our records. */
  sub: string;
  username: string;
  email: string | null;
  orgId: string | null;
}

type Attributes = { Name: string; Value?: string }[] | undefined;
const attribute = (attributes: Attributes, name: string) => attributes?.find((a) => a.Name === name)?.Value ?? null;

function poolUser(username: string, attributes: Attributes): PoolUser {
  return {
    sub: attribute(attributes, 'sub') ?? username,
    username,
    email: attribute(attributes, 'email'),
    orgId: attribute(attributes, 'custom:orgId') || null,
  };
}

/** The account, or null when the pool has none by that name (a user id works as the name). */
export async function getPoolUser(username: string): Promise<PoolUser | null> {
  try {
    const user = await cognitoCall<{ Username: string; UserAttributes?: Attributes }>('AdminGetUser', {
      Username: username,
    });
    return poolUser(user.Username, user.UserAttributes);
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return null;
    throw error;
  }
}

/** One page of the pool's accounts (up to 60, Cognito's maximum). */
export async function listPoolUsers(
  paginationToken: string | null,
): Promise<{ users: PoolUser[]; next: string | null }> {
  const page = await cognitoCall<{ Users?: { Username: string; Attributes?: Attributes }[]; PaginationToken?: string }>(
    'ListUsers',
    {
      Limit: 60,
      ...(paginationToken ? { PaginationToken: paginationToken } : {}),
    },
  );
  return {
    users: (page.Users ?? []).map((u) => poolUser(u.Username, u.Attributes)),
    next: page.PaginationToken ?? null,
  };
}

/** Revokes the account's refresh tokens and deletes it; true when it existed. */
export async function deletePoolUser(username: string): Promise<boolean> {
  try {
    await cognitoCall('AdminUserGlobalSignOut', { Username: username });
    await cognitoCall('AdminDeleteUser', { Username: username });
    return true;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return false;
    throw error;
  }
}
