import { MemberSignupInput, PROOF_MESSAGES } from '../../contract/auth';
import { openAccount } from '../../accounts/accounts';
import { refuseCommonPassword } from '../../platform/wiring/commonPasswords';
import { count } from '../../platform/metrics';
import { defineRoute } from '../../platform/wiring/route';

/**
 * Member sign-up, first step: a message to the address (a code, or the way into the account it
 * already has) and the same answer for every address. proveAddress then makes the account with the
 * code, and finishSignUp joins the member the church holds for it.
 */
export const handler = defineRoute('newUser', { body: MemberSignupInput }, async ({ body }) => {
  await refuseCommonPassword(body.password);
  await openAccount({ email: body.email, name: body.fullName }, { kind: 'join', orgId: body.orgId });
  count('AccountsRequested');
  return { success: true, message: PROOF_MESSAGES.mailed };
});
