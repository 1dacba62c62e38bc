import { FinishSignUpInput } from '../../contract/auth';
import { finishOpenedAccount } from '../../accounts/finishAccount';
import { log } from '../../platform/log';
import { count } from '../../platform/metrics';
import { defineRoute } from '../../platform/wiring/route';

/**
 * An opened account's last step, on whatever device proved the address: it joins its member, or
 * registers the church it was opened for; the browser then refreshes its token.
 */
export const handler = defineRoute('finishSignUp', { body: FinishSignUpInput }, async ({ principal, body }) => {
  const { orgId, message, registered } = await finishOpenedAccount(principal, body.orgId);
  log.appendKeys({ orgId });
  count(registered ? 'OrganizationsRegistered' : 'MembersSignedUp');
  return { success: true, message, orgId };
});
