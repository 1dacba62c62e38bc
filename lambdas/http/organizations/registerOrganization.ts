import { RegisterOrganizationInput } from '../../contract/auth';
import { ACCOUNT_OPENED, openAccount } from '../../accounts/accounts';
import { refuseTakenChurchName } from '../../accounts/registration';
import { refuseCommonPassword } from '../../platform/wiring/commonPasswords';
import { count } from '../../platform/metrics';
import { defineRoute } from '../../platform/wiring/route';

/**
 * Church registration, first step: the administrator's account, holding no church, with the same
 * answer for every address (a church's name is public; who has an account is not). Once the
 * address is proven, on any device, finishRegistration or finishSignUp makes the church (the server
 * keeps it with the account).
 */
export const handler = defineRoute('registerOrganization', { body: RegisterOrganizationInput }, async ({ body }) => {
  const { churchInfo, adminInfo } = body;
  await refuseCommonPassword(adminInfo.password);
  await refuseTakenChurchName(churchInfo.name);
  await openAccount(
    { email: adminInfo.email, name: adminInfo.name, password: adminInfo.password },
    { kind: 'register', churchInfo },
  );
  count('AccountsOpened');
  return { success: true, message: ACCOUNT_OPENED };
});
