import { FinishSignUpInput } from '../../contract/auth';
import { joinChurch } from '../../accounts/joinChurch';
import { log } from '../../platform/log';
import { count } from '../../platform/metrics';
import { defineRoute } from '../../platform/wiring/route';

/** Member sign-up, last step: the proven account joins its member; the browser then refreshes its token. */
export const handler = defineRoute('finishSignUp', { body: FinishSignUpInput }, async ({ principal, body }) => {
  const { orgId } = await joinChurch(principal, body.orgId);
  log.appendKeys({ orgId });
  count('MembersSignedUp');
  return { success: true, message: 'Welcome! Your account is linked to your family.', orgId };
});
