/** Why the super-admin's account must have two-step sign-in (the API refuses its pages until it is on). */
export const OPERATOR_TOTP_REASON =
  'As the super-admin, your account must use two-step sign-in: the operator pages (Data Audit, Organizations) open once it is on.';
