import { isListed } from '../../domain/listing';
import { getOrgAndUser } from '../../domain/repos/orgs';
import { defineRoute } from '../../platform/route';

/** The signed-in account as the app needs it: organisation name, admin and links (from the record), whether the church lists it. */
export const handler = defineRoute('getMe', {}, async ({ principal }) => {
  const p = principal;
  const { org, user } = p.orgId ? await getOrgAndUser(p.orgId, p.userId) : { org: null, user: null };
  return {
    userId: p.userId,
    email: p.email,
    orgId: p.orgId,
    orgName: org?.orgName ?? '',
    admin: user?.admin ?? false,
    superAdmin: p.superAdmin,
    listed: user ? await isListed(user) : false,
    // The record's links, once there is one: a member or family delete unlinks it, not the token.
    memberId: user ? user.memberId : p.memberId,
    familyId: user ? user.familyId : p.familyId,
    createdAt: user?.createdAt ?? null,
    mobileAppLinked: user?.mobileAppLinked ?? false,
  };
});
