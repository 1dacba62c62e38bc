/**
 * The operator's account: the configured super-admin address (SUPER_ADMIN_EMAIL). It may sit in a
 * church's partition (a user record, so that it can sign in somewhere), but it is not the church's:
 * no church lists it, changes its admin right or deletes it, and deleting a church keeps it.
 */
/** The configured super-admin address, in lower case; '' when none is configured. */
export const operatorEmail = () => (process.env.SUPER_ADMIN_EMAIL ?? '').trim().toLowerCase();

/** True for the configured super-admin address, whatever its case; never when none is configured. */
export function isOperatorEmail(email: unknown): boolean {
  const expected = operatorEmail();
  return expected !== '' && typeof email === 'string' && email.trim().toLowerCase() === expected;
}
