/**
 * The super-admin must sign in with a second step, and each request must prove it: its routes
 * (access `superAdmin`, each declaring `admit: requireOperatorTotp` and `cognito-idp:AdminGetUser`;
 * http/admin/operatorAdmission.ts makes it from this check and the account's state as the
 * accounts capability reads it, so the wiring imports no capability for it) admit a token only when
 *  - the account has TOTP on in Cognito now (AdminGetUser's UserMFASettingList), and
 *  - the token's sign-in came after the moment TOTP was last turned on through the API
 *    (setTwoStep, accounts/twoStep.ts, keeps it after Cognito has it on): the ID token's
 *    `auth_time` (the sign-in's second, which refreshes keep) is later than that moment. Every
 *    sign-in after it had to answer a code; a token from a password-only sign-in while the code was
 *    off (or refreshed from one, for up to 30 days) is from before it, and so is refused.
 * Per token, every call: nothing is cached, so no other token (of the same user and second, say)
 * is admitted on another's check. The token cannot say it itself: Cognito puts no MFA claim in it.
 *
 * The comparison is of whole seconds: a sign-in in the very second TOTP went on is refused (it
 * might have come just before), and the operator signs in again. Cognito's clock and the
 * function's are AWS's, a few milliseconds apart.
 *
 * TOTP on without a kept moment (turned on outside the product with Cognito's own
 * SetUserMFAPreference): refused until it is reset and set up again in My Profile
 * (docs/runbook.md), since nothing says which sign-ins answered a code. An operator whose step was
 * on before this check existed got the moment of the deployment that brought it (a migration,
 * accounts/operatorTwoStep.ts). This check only reads (three of the routes may only read the
 * table): turning off through the API forgets the moment; a reset
 * by the CLI leaves it, and the set-up in My Profile that follows keeps a new one. Not covered: the
 * step turned off and on again outside the product (Cognito's own API, with an access token of the
 * account) keeps the earlier moment, so a password-only sign-in between the two would be admitted.
 */
import { OPERATOR_NEEDS_TOTP, OPERATOR_SIGN_IN_AGAIN, OPERATOR_TOTP_UNRECORDED } from '../../contract/mfa';
import { denied } from '../../core/errors';
import type { Principal } from './principal';

/** Whether a sign-in at `authTime` (epoch seconds, the token's claim) came after `since` (epoch ms). */
export const signedInSince = (authTime: unknown, since: number): boolean => {
  const seconds = typeof authTime === 'string' && authTime.trim() !== '' ? Number(authTime) : authTime;
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds * 1000 > since;
};

/**
 * The caller's second step as its account holds it: on in Cognito now, and since when the API keeps
 * it on (epoch ms; null when no moment is kept). accounts/twoStepState.ts reads it.
 */
export type TwoStepStateOf = (principal: Principal) => Promise<{ on: boolean; since: number | null }>;

type Event = { requestContext?: { authorizer?: { jwt?: { claims?: Record<string, unknown> } } } };

/** A super-admin route's admission (its `admit`), on the account's state that `stateOf` reads. */
export const operatorTotp =
  (stateOf: TwoStepStateOf) =>
  async (principal: Principal, event: Event): Promise<void> => {
    const { on, since } = await stateOf(principal);
    if (!on) throw denied(OPERATOR_NEEDS_TOTP);
    if (since === null) throw denied(OPERATOR_TOTP_UNRECORDED);
    if (!signedInSince(event.requestContext?.authorizer?.jwt?.claims?.auth_time, since)) {
      throw denied(OPERATOR_SIGN_IN_AGAIN);
    }
  };
