import { PROOF_MESSAGES, RegisterOrganizationInput } from '../../contract/auth';
import { openAccount } from '../../accounts/accounts';
import { refuseTakenChurchName } from '../../accounts/registration';
import { refuseCommonPassword } from '../../platform/wiring/commonPasswords';
import { count } from '../../platform/metrics';
import { defineRoute } from '../../platform/wiring/route';

/**
 * Church registration, first step: a message to the administrator's address, with the same answer
 * for every address (a church's name is public; who has an account is not). Once the code proves
 * the address (proveAddress, on any device), finishRegistration or finishSignUp makes the church
 * (the server keeps it with the code, then with the account).
 */
export const handler = defineRoute('registerOrganization', { body: RegisterOrganizationInput }, async ({ body }) => {
  const { churchInfo, adminInfo } = body;
  await refuseCommonPassword(adminInfo.password);
  await refuseTakenChurchName(churchInfo.name);
  await openAccount({ email: adminInfo.email, name: adminInfo.name }, { kind: 'register', churchInfo });
  count('AccountsRequested');
  return { success: true, message: PROOF_MESSAGES.mailed };
});
