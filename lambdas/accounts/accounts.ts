/**
 * Opening an account (newUser, registerOrganization, then proveAddress). Nothing a church holds is
 * looked at, and no account is made, before the owner of the address has proven it with the code
 * we mail: the request does the same work and gives the same answer for every address (a message
 * goes to the address: the code, or, when it already has an account, the way into that one), so
 * nobody learns who has an account, not even by signing in with the password they chose, since
 * no account has it until the code is entered. The finishing steps (joinChurch.ts, registration.ts)
 * run only for a proven account, so their refusals tell the owner, nobody else.
 *
 * A stranger cannot squat an address either: an account exists only once proven.
 *
 * What the account is asked for (the church to register, or the sign-up link's church) waits on the
 * server with the code (repos/addressProofs.ts), then with the account (repos/openedAccounts.ts), so
 * the address may be proven on any device.
 */
import { randomInt } from 'node:crypto';
import type { ProveAddressInput } from '../contract/auth';
import { PROOF_MESSAGES } from '../contract/auth';
import type { Principal } from '../core/principal';
import { getPoolUser, type PoolUser } from '../platform/aws/pool-users';
import { mailConfigured, sendMail } from '../platform/aws/ses';
import { env } from '../platform/env';
import { deleteAccount } from './accountDeletion';
import { AppError, denied } from '../core/errors';
import { createAccount } from './identity';
import { accountExistsMail, codeMail } from './proofMails';
import { checkProof, forgetProof, keepProof } from './repos/addressProofs';
import { forgetOpenedFor, keepOpenedFor, openedFor, type OpenedFor } from './repos/openedAccounts';
import { deleteUserRecord } from './repos/users';
import { auditStep } from '../audit/trail';
import { accountChange, accountSubject } from './audited';
import { UNPROVEN_DAYS } from './unproven';

/** One neutral answer for an unknown address, an unknown church and an address the church does not hold. */
export const CANNOT_JOIN =
  'An account could not be created for this email address. Ask your church administrator to add this email address to the directory, then use your church’s sign-up link.';
export const ACCOUNT_EXISTS = 'An account with this email address already exists. Try logging in.';
export const ADMIN_EXISTS = 'An administrator account with this email already exists.';
export const VERIFY_FIRST = 'Please verify your email address before continuing.';

/** A six-digit code, every one as likely. */
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * The request for an account: a code for the address, kept with what it is for, and a message to
 * it. An address that already has a proven account gets the way into it instead, and a code
 * nobody is sent, so everything else is alike.
 */
export async function openAccount(input: { email: string; name: string }, purpose: OpenedFor): Promise<void> {
  if (!mailConfigured()) throw new AppError('unavailable', PROOF_MESSAGES.noSender);
  const existing = await getPoolUser(input.email);
  const code = newCode();
  if ((await keepProof({ ...input, purpose, code })) === 'limit') {
    throw new AppError('resource-exhausted', PROOF_MESSAGES.tooManyMails);
  }
  const appUrl = env('APP_URL');
  await sendMail(
    existing?.emailVerified ? accountExistsMail(input.email, appUrl) : codeMail(input.email, code, appUrl),
  );
}

/**
 * The code's proof: the account is made now, proven, with the password given here, and keeps what
 * it was asked for until the finishing step. An address whose account exists and is proven never
 * got a code (or proved it for another account since): that account is left as it is.
 */
export async function proveAddress(input: ProveAddressInput, now = new Date()): Promise<void> {
  const proof = await checkProof(input.email, input.code, now.getTime());
  if (proof.outcome !== 'proven') {
    throw new AppError('invalid-argument', proof.outcome === 'wrong' ? PROOF_MESSAGES.wrongCode : PROOF_MESSAGES.spent);
  }
  const existing = await getPoolUser(input.email);
  if (existing?.emailVerified) throw new AppError('already-exists', ACCOUNT_EXISTS);
  // An account opened before codes were ours, never proven: the owner has now proven the address.
  if (existing) await dropUnproven(existing);
  const userId = await createAccount({
    email: input.email,
    name: proof.name,
    password: input.password,
    custom: {},
    emailTakenMessage: ACCOUNT_EXISTS,
    emailVerified: true,
  });
  // It lasts as long as an unproven account would have (the finishing step usually follows at once).
  await keepOpenedFor(userId, proof.purpose, new Date(now.getTime() + UNPROVEN_DAYS * 86_400_000));
  await forgetProof(input.email);
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
  const orgId = account.orgId;
  if (orgId)
    await deleteUserRecord(orgId, account.sub, (u) =>
      auditStep({ orgId, actor: null }, accountSubject(u), [accountChange(u, null)]),
    );
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
