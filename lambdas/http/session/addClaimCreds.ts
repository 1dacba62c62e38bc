import { VERIFY_FIRST } from '../../domain/accounts';
import { denied } from '../../domain/errors';
import { setCustomAttributes } from '../../domain/identity';
import { findMemberByEmail, getUserRecord, linkUserToMember } from '../../domain/repos/users';
import { defineRoute } from '../../platform/route';

/**
 * Links an account whose token lacks its member or family claims to the member of its church
 * holding the same e-mail, and writes the claims; the browser then refreshes its token.
 */
export const handler = defineRoute('addClaimCreds', {}, async ({ principal }) => {
  const p = principal;
  // Linking shows the member's ids: only to the proven owner of the address.
  if (!p.emailVerified) throw denied(VERIFY_FIRST);
  const user = p.orgId ? await getUserRecord(p.orgId, p.userId) : null;
  if (!user) return { success: true, linked: false, message: 'No directory account to link.' };
  if (user.memberId && user.familyId && p.memberId === user.memberId && p.familyId === user.familyId) {
    return { success: true, linked: false, message: 'Account already linked.' };
  }
  const member = await findMemberByEmail(user.orgId, user.email);
  // No member, or its member deleted between the look-up and the link.
  if (
    !member ||
    (await linkUserToMember(user.orgId, user.userId, member.memberId, member.familyId)) === 'member-gone'
  ) {
    return { success: true, linked: false, message: 'No member of your church holds this email address yet.' };
  }
  await setCustomAttributes(user.email, { memberId: member.memberId, familyId: member.familyId });
  return { success: true, linked: true, message: 'Account linked to your family.' };
});
