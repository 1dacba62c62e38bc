import { getOrgAndUser } from '../../domain/repos/orgs';
import { defineRoute } from '../../platform/route';

/**
 * The signed-in account as the app needs it: organisation name, admin (from the record), links.
 * An unproven address learns nothing about any church, whatever claims an older account carries.
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
    memberId: church ? (user?.memberId ?? p.memberId) : null,
    familyId: church ? (user?.familyId ?? p.familyId) : null,
    createdAt: user?.createdAt ?? null,
    mobileAppLinked: user?.mobileAppLinked ?? false,
  };
});
