/**
 * The last step of member sign-up and church registration. The server joins or makes a church
 * only once the address is proven (the code it mails makes the account). What the account was opened for (the
 * church link to join, or the church to register) is kept by the server with the account, and here
 * too, for accounts opened before the server kept it: the verification screen or the next sign-in
 * finishes with it. Another browser knows nothing, asks with no church, and the server finishes
 * with what it kept.
 */
import { fetchAuthSession } from 'aws-amplify/auth';
import type { ChurchInfo } from '@contract/auth';
import { callApi } from './api';

export type PendingSignUp = { kind: 'join'; orgId: string | null } | { kind: 'register'; churchInfo: ChurchInfo };

const KEY = 'pendingSignUp';

export function rememberSignUp(pending: PendingSignUp): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Private mode without storage: the sign-up then finishes as if from another browser.
  }
}

function remembered(): PendingSignUp {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as PendingSignUp | null;
    if (value?.kind === 'register' || value?.kind === 'join') return value;
  } catch {
    // Unreadable: as if nothing were kept.
  }
  return { kind: 'join', orgId: null };
}

/** The signed-in account: whether its address is proven, and whether it belongs to a church yet. */
export async function accountState(): Promise<{ proven: boolean; inChurch: boolean }> {
  const claims = (await fetchAuthSession()).tokens?.idToken?.payload ?? {};
  return {
    proven: claims.email_verified === true || claims.email_verified === 'true',
    inChurch: Boolean(claims['custom:orgId']),
  };
}

/**
 * Joins or registers the church, then refreshes the token (it carries the new claims); answers the
 * API's words for it (joined, or the church registered); throws the API's refusal.
 */
export async function finishSignUp(): Promise<string> {
  const pending = remembered();
  const { message } =
    pending.kind === 'register'
      ? await callApi('finishRegistration', { body: { churchInfo: pending.churchInfo } })
      : await callApi('finishSignUp', { body: { orgId: pending.orgId } });
  localStorage.removeItem(KEY);
  await fetchAuthSession({ forceRefresh: true });
  return message;
}
