/**
 * Opening an account (newUser, registerOrganization) and the proof that finishes it. Nothing a
 * church holds is looked at before the owner of the address has proven it with the code Cognito
 * mails: the open step does the same work and gives the same answer for every address, whether a
 * church lists it or not, and its account holds no church. The finishing steps (joinChurch.ts,
 * registration.ts) run only for a proven address, so their refusals tell the owner, nobody else.
 *
 * An unproven account never blocks the owner: Cognito sends no reset code to an unverified
 * address, so an account a stranger opened with it would lock the owner out for good. Opening an
 * account for an address whose account is unproven replaces that account.
 *
 * What the account was opened for (the church to register, or the sign-up link's church) is kept
 * on the server with it (repos/openedAccounts.ts), so the address may be proven on any device.
 */
import type { Principal } from '../core/principal';
import { getPoolUser, type PoolUser } from '../platform/aws/pool-users';
import { deleteAccount } from './accountDeletion';
import { AppError, denied } from '../core/errors';
import { createAccount } from './identity';
import { forgetOpenedFor, keepOpenedFor, openedFor, type OpenedFor } from './repos/openedAccounts';
import { deleteUserRecord } from './repos/users';
import { UNPROVEN_DAYS } from './unproven';

/** One neutral answer for an unknown address, an unknown church and an address the church does not hold. */
export const CANNOT_JOIN =
  'An account could not be created for this email address. Ask your church administrator to add this email address to the directory, then use your church’s sign-up link.';
export const ACCOUNT_EXISTS = 'An account with this email address already exists. Try logging in.';
export const ADMIN_EXISTS = 'An administrator account with this email already exists.';
export const VERIFY_FIRST = 'Please verify your email address before continuing.';
/** The open step's one answer, whatever the address. */
export const ACCOUNT_OPENED = 'Thank you. Verify your email address to finish.';

/**
 * An account with this password for the address, holding no church, and what it was opened for;
 * unless its owner has already proven the address (then it stays as it is: signing in with its
 * own password is the way in).
 */
export async function openAccount(
  input: { email: string; name: string; password: string },
  purpose: OpenedFor,
  now = new Date(),
): Promise<void> {
  const existing = await getPoolUser(input.email);
  if (existing?.emailVerified) return;
  if (existing) await dropUnproven(existing);
  let userId: string;
  try {
    userId = await createAccount({ ...input, custom: {}, emailTakenMessage: ACCOUNT_EXISTS });
  } catch (error) {
    // Another open for the address made its account between our look-up and our create: it stands.
    if (error instanceof AppError && error.code === 'already-exists') return;
    throw error;
  }
  // It lasts as long as the unproven account does (the clean-up job then deletes the account).
  await keepOpenedFor(userId, purpose, new Date(now.getTime() + UNPROVEN_DAYS * 86_400_000));
}

/**
 * What the proven caller's account was opened for, as its server kept it: the browser that opened
 * it may be another (the code read on a phone), or may have forgotten.
 */
export const purposeOf = (principal: Principal) => openedFor(principal.userId);

/** The account now belongs to its church: what it was opened for is done with. */
export const purposeDone = (principal: Principal) => forgetOpenedFor(principal.userId);

/** An unproven account, what it was opened for and what it holds (older accounts got their church before the proof). */
async function dropUnproven(account: PoolUser): Promise<void> {
  if (account.orgId) await deleteUserRecord(account.orgId, account.sub);
  await deleteAccount(account);
}

/**
 * The caller's account, read from Cognito, once its address is proven: the finishing steps act on
 * nothing else. Cognito's own record decides, not the token's email_verified: the browser finishes
 * right after the code is accepted, with the token it already has, so that its next token carries
 * the church (the screen changes as soon as a verified token arrives).
 */
export async function provenAccount(principal: Principal): Promise<PoolUser> {
  const account = await getPoolUser(principal.email);
  // A token of an account replaced since (its address was never proven) names another account.
  if (!account || account.sub !== principal.userId || !account.emailVerified) throw denied(VERIFY_FIRST);
  return account;
}
