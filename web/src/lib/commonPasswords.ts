/**
 * The common-password rule in the forms (lambdas/contract/commonPasswords.ts): the ranked list is
 * its own chunk, fetched when a form that sets a password opens, never part of the first load.
 * The server checks again on the routes it serves; the password reset goes from the browser
 * straight to Cognito, so there this check is the one that applies.
 */
import { useEffect } from 'react';
import { commonPasswordCheck } from '@contract/commonPasswords';

const check = commonPasswordCheck(() => import('@zxcvbn-ts/language-common/src/passwords.json').then((m) => m.default));

/**
 * For a form that sets a password: starts fetching the list as it opens, so the check on submit is
 * instant; returns the check (the message to show for a common password, else null).
 */
export function useCommonPasswordCheck(): typeof check.refusal {
  useEffect(() => check.warm(), []);
  return check.refusal;
}
