import { ProveAddressInput } from '../../contract/auth';
import { proveAddress } from '../../accounts/accounts';
import { refuseCommonPassword } from '../../platform/wiring/commonPasswords';
import { count } from '../../platform/metrics';
import { defineRoute } from '../../platform/wiring/route';

/**
 * The mailed code proves the address: the account is made, proven, with this password. The browser
 * then signs in, and finishSignUp or finishRegistration does what the account was asked for.
 */
export const handler = defineRoute('proveAddress', { body: ProveAddressInput }, async ({ body }) => {
  await refuseCommonPassword(body.password);
  await proveAddress(body);
  count('AccountsOpened');
  return { success: true };
});
