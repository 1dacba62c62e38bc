/**
 * The pool's accounts as the jobs and tests read them: one by name, a page of all, or one deleted
 * with its refresh tokens revoked.
 */
import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  ListUsersCommand,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito, userPoolId } from './cognito';

export interface PoolUser {
  /** The account's `sub`: the user id of our records. */
  sub: string;
  username: string;
  email: string | null;
  name: string | null;
  orgId: string | null;
  /** Whether the owner of the address proved it with a code (Cognito's email_verified). */
  emailVerified: boolean;
  /** When the account was opened (Cognito's UserCreateDate), ISO. */
  createdAt: string | null;
}

const attribute = (attributes: AttributeType[] | undefined, name: string) =>
  attributes?.find((a) => a.Name === name)?.Value ?? null;

function poolUser(username: string, attributes: AttributeType[] | undefined, created: Date | undefined): PoolUser {
  return {
    sub: attribute(attributes, 'sub') ?? username,
    username,
    email: attribute(attributes, 'email'),
    name: attribute(attributes, 'name'),
    orgId: attribute(attributes, 'custom:orgId') || null,
    emailVerified: attribute(attributes, 'email_verified') === 'true',
    createdAt: created ? new Date(created).toISOString() : null,
  };
}

const isMissing = (error: unknown) => (error as Error).name === 'UserNotFoundException';

/** The account, or null when the pool has none by that name (a user id works as the name). */
export async function getPoolUser(username: string): Promise<PoolUser | null> {
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username }));
    return poolUser(user.Username!, user.UserAttributes, user.UserCreateDate);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** One page of the pool's accounts (up to 60, Cognito's maximum). */
export async function listPoolUsers(
  paginationToken: string | null,
): Promise<{ users: PoolUser[]; next: string | null }> {
  const page = await cognito.send(
    new ListUsersCommand({ UserPoolId: userPoolId(), Limit: 60, PaginationToken: paginationToken ?? undefined }),
  );
  return {
    users: (page.Users ?? []).map((u) => poolUser(u.Username!, u.Attributes, u.UserCreateDate)),
    next: page.PaginationToken ?? null,
  };
}

/** Revokes the account's refresh tokens and deletes it; true when it existed. */
export async function deletePoolUser(username: string): Promise<boolean> {
  try {
    await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId(), Username: username }));
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: username }));
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}
