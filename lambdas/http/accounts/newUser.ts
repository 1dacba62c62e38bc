import { MemberSignupInput } from '../../contract/auth';
import { signUpMember } from '../../domain/accounts';
import { log } from '../../platform/log';
import { count } from '../../platform/metrics';
import { defineRoute } from '../../platform/route';

/**
 * Member sign-up: an account for an e-mail address the church already holds for a member,
 * linked to that member and family. The browser then signs in and asks for the verification code.
 */
export const handler = defineRoute('newUser', { body: MemberSignupInput }, async ({ body }) => {
  const { orgId } = await signUpMember(body);
  log.appendKeys({ orgId });
  count('MembersSignedUp');
  return { success: true, message: 'Your account has been created.' };
});
