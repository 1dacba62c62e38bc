/**
 * Accounts that never proved their address are a state with an expiry, not a fault: the clean-up
 * job (lambdas/tasks/accountCleanup.asl.json, daily) removes those opened more than a week ago
 * that hold no church, a page of the pool at a time. Cognito's codes last a day; a week leaves
 * room for a second code after a weekend away. Opening the account again is always possible.
 */
import { getPoolUser, listPoolUsers, type PoolUser } from '../platform/aws/pool-users';
import { deleteAccount } from './accountDeletion';
import { env } from '../platform/env';

export const UNPROVEN_DAYS = 7;

export interface CleanupState {
  /** Accounts opened before this moment (ISO) are old enough to go; set by the first page. */
  before?: string;
  next?: string | null;
  checked?: number;
  removed?: number;
  done?: boolean;
}

/** Unproven, holding no church, opened before `before`, and never the operator's. */
const expired = (account: PoolUser, before: string) =>
  !account.emailVerified &&
  !account.orgId &&
  account.createdAt !== null &&
  account.createdAt < before &&
  account.email !== env('SUPER_ADMIN_EMAIL').toLowerCase();

/**
 * One page of the pool: each expired account is read again just before it is deleted (with its
 * own items: accountDeletion.ts), so one whose owner entered the code since the page was listed stays.
 */
export async function cleanupPage(state: CleanupState, now = new Date()): Promise<Required<CleanupState>> {
  const before = state.before ?? new Date(now.getTime() - UNPROVEN_DAYS * 86_400_000).toISOString();
  const { users, next } = await listPoolUsers(state.next ?? null);
  let removed = 0;
  for (const listed of users.filter((u) => expired(u, before))) {
    const account = await getPoolUser(listed.username);
    if (account && expired(account, before) && (await deleteAccount(account))) removed++;
  }
  return {
    before,
    next,
    checked: (state.checked ?? 0) + users.length,
    removed: (state.removed ?? 0) + removed,
    done: next === null,
  };
}
