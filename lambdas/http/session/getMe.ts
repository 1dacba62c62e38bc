import { listingOf } from '../../directory/listing';
import { getOrgAndUser } from '../../core/repos/orgs';
import { defineRoute } from '../../platform/http/route';

/**
 * The signed-in account as the app needs it: organisation name, admin and links (from the record),
 * whether the church lists it. An unproven address learns nothing about any church, whatever
 * claims an older account carries.
 */
export const handler = defineRoute('getMe', {}, async ({ principal }) => {
  const p = principal;
  const church = p.emailVerified && p.orgId !== '';
  const { org, user } = church ? await getOrgAndUser(p.orgId, p.userId) : { org: null, user: null };
  return {
    userId: p.userId,
    email: p.email,
    orgId: church ? p.orgId : '',
    orgName: org?.orgName ?? '',
    admin: user?.admin ?? false,
    superAdmin: p.superAdmin,
    listed: user ? (await listingOf(user)).listed : false,
    // The record's links, once there is one: a member or family delete unlinks it, not the token.
    memberId: user ? user.memberId : church ? p.memberId : null,
    familyId: user ? user.familyId : church ? p.familyId : null,
    createdAt: user?.createdAt ?? null,
    mobileAppLinked: user?.mobileAppLinked ?? false,
  };
});
