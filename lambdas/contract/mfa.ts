/** Two-step sign-in (TOTP): the texts the API and the screens share. */

/** The API's 403 to a super-admin whose account has no second step on; the SPA shows the set-up with it. */
export const OPERATOR_NEEDS_TOTP =
  'The super-admin account must use two-step sign-in. Turn it on in My Profile, then try again.';
