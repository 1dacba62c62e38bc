import { RegisterOrganizationInput } from '../../contract/auth';
import { ACCOUNT_OPENED, openAccount } from '../../accounts/accounts';
import { AppError } from '../../core/errors';
import { isOrgNameTaken, ORG_NAME_TAKEN } from '../../core/repos/orgs';
import { refuseCommonPassword } from '../../platform/http/commonPasswords';
import { count } from '../../platform/metrics';
import { defineRoute } from '../../platform/http/route';

/**
 * Church registration, first step: the administrator's account, holding no church, with the same
 * answer for every address (a church's name is public; who has an account is not). Once the
 * address is proven, finishRegistration makes the church.
 */
export const handler = defineRoute('registerOrganization', { body: RegisterOrganizationInput }, async ({ body }) => {
  const { churchInfo, adminInfo } = body;
  await refuseCommonPassword(adminInfo.password);
  if (await isOrgNameTaken(churchInfo.name)) throw new AppError('already-exists', ORG_NAME_TAKEN);
  await openAccount({ email: adminInfo.email, name: adminInfo.name, password: adminInfo.password });
  count('AccountsOpened');
  return { success: true, message: ACCOUNT_OPENED };
});
