import { MemberSignupInput } from '../../contract/auth';
import { ACCOUNT_OPENED, openAccount } from '../../accounts/accounts';
import { refuseCommonPassword } from '../../platform/wiring/commonPasswords';
import { count } from '../../platform/metrics';
import { defineRoute } from '../../platform/wiring/route';

/**
 * Member sign-up, first step: an account for the address, holding no church, and the same answer
 * for every address. The browser then signs in and asks for the verification code; once the
 * address is proven, finishSignUp joins the member the church holds for it.
 */
export const handler = defineRoute('newUser', { body: MemberSignupInput }, async ({ body }) => {
  await refuseCommonPassword(body.password);
  await openAccount(
    { email: body.email, name: body.fullName, password: body.password },
    { kind: 'join', orgId: body.orgId },
  );
  count('AccountsOpened');
  return { success: true, message: ACCOUNT_OPENED };
});
