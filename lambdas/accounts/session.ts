/**
 * The signed-in account as the app needs it, and its link to the member of its church that holds
 * its address.
 */
import { WAITING_SHOWN, type AddClaimCredsResult, type MeResult } from '../contract/api';
import type { Principal } from '../core/principal';
import { listingOf } from '../directory/listing';
import { getOrgAndUser } from './repos/orgs';
import { denied } from '../core/errors';
import { VERIFY_FIRST } from './accounts';
import { setCustomAttributes } from './identity';
import { auditStep } from '../audit/trail';
import { accountChange, accountSubject } from './audited';
import { countWaitingRequests } from '../directory/repos/changeRequests';
import { findMemberByEmail, getUserRecord, linkUserToMember } from './repos/users';

const NOT_LINKED = 'No member of your church holds this email address yet.';

/**
 * The signed-in account as the app needs it: organisation name, admin and links (from the record),
 * whether the church lists it. An unproven address learns nothing about any church, whatever
 * claims an older account carries.
 */
export async function accountOf(principal: Principal): Promise<MeResult> {
  const p = principal;
  const church = p.emailVerified && p.orgId !== '';
  const { org, user } = church ? await getOrgAndUser(p.orgId, p.userId) : { org: null, user: null };
  const [listing, waitingChanges] = await Promise.all([
    user ? listingOf(user) : null,
    user?.admin ? countWaitingRequests(p.orgId, WAITING_SHOWN + 1) : 0,
  ]);
  return {
    userId: p.userId,
    email: p.email,
    orgId: church ? p.orgId : '',
    orgName: org?.orgName ?? '',
    admin: user?.admin ?? false,
    superAdmin: p.superAdmin,
    listed: listing?.listed ?? false,
    // The record's links, once there is one: a member or family delete unlinks it, not the token.
    memberId: user ? user.memberId : church ? p.memberId : null,
    familyId: user ? user.familyId : church ? p.familyId : null,
    createdAt: user?.createdAt ?? null,
    mobileAppLinked: user?.mobileAppLinked ?? false,
    waitingChanges,
  };
}

/**
 * Links an account to the member of its church holding the same e-mail, and writes the claims; the
 * browser then refreshes its token. Only an account linked to nobody and not an administrator is
 * linked this way: anyone who may edit a family can give a member any e-mail, so an account that
 * already has its place, or an administrator's, is never moved by it (linkUserToMember checks
 * both in its write). A linked account whose token lags behind gets its record's link as claims.
 */
export async function linkToMember(principal: Principal): Promise<AddClaimCredsResult> {
  const p = principal;
  // Linking shows the member's ids: only to the proven owner of the address.
  if (!p.emailVerified) throw denied(VERIFY_FIRST);
  const user = p.orgId ? await getUserRecord(p.orgId, p.userId) : null;
  if (!user) return { success: true, linked: false, message: 'No directory account to link.' };
  if (user.memberId && user.familyId) {
    if (p.memberId !== user.memberId || p.familyId !== user.familyId)
      await setCustomAttributes(user.email, { memberId: user.memberId, familyId: user.familyId });
    return { success: true, linked: false, message: 'Account already linked.' };
  }
  if (user.admin)
    return { success: true, linked: false, message: 'Administrator accounts are not linked automatically.' };
  const member = await findMemberByEmail(user.orgId, user.email);
  // No member, the member deleted, or the account placed or made an admin between the look-up and the link.
  const linked = { ...user, memberId: member?.memberId ?? null, familyId: member?.familyId ?? null };
  const audit = auditStep(p, accountSubject(user), [accountChange(user, linked)]);
  if (
    !member ||
    (await linkUserToMember(user.orgId, user.userId, member.memberId, member.familyId, audit)) !== 'linked'
  ) {
    return { success: true, linked: false, message: NOT_LINKED };
  }
  await setCustomAttributes(user.email, { memberId: member.memberId, familyId: member.familyId });
  return { success: true, linked: true, message: 'Account linked to your family.' };
}
