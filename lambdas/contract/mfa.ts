/** Two-step sign-in (TOTP): the texts the API and the screens share, and the switch's input. */
import * as z from 'zod/mini';

/** The API's 403 to a super-admin whose account has no second step on; the SPA shows the set-up with it. */
export const OPERATOR_NEEDS_TOTP =
  'The super-admin account must use two-step sign-in. Turn it on in My Profile, then try again.';

/**
 * The API's 403 to a super-admin whose second step is on but whose sign-in did not answer a code
 * (it came before the step was turned on, or was refreshed from such a sign-in); the SPA offers to
 * sign in again.
 */
export const OPERATOR_SIGN_IN_AGAIN = 'Sign in again with your authenticator code to use the operator pages.';

/**
 * The API's 403 to a super-admin whose second step was turned on outside the product (no record
 * of when): it must be reset and set up again in My Profile (docs/runbook.md).
 */
export const OPERATOR_TOTP_UNRECORDED =
  'Two-step sign-in for the operator pages must be set up again: have it reset, then set it up in My Profile.';

/** setTwoStep's refusal to turn the super-admin's second step off. */
export const OPERATOR_KEEPS_TOTP = 'The super-admin account must keep two-step sign-in on.';

/** setTwoStep's refusal to turn the second step on before an authenticator app is set up and its code checked. */
export const TOTP_NOT_SET_UP = 'Set up your authenticator app first: scan the code, then enter the code it shows.';

export const SetTwoStepInput = z.object(
  { on: z.boolean({ error: 'Invalid data provided. on must be true or false.' }) },
  { error: 'Invalid data provided. on must be true or false.' },
);
export type SetTwoStepInput = z.infer<typeof SetTwoStepInput>;

export interface SetTwoStepResult {
  /** Whether the account's second step is on now. */
  on: boolean;
}
