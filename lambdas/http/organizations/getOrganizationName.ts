import { OrganizationNameParams } from '../../contract/auth';
import { churchOfLink } from '../../accounts/signUpLink';
import { defineRoute } from '../../platform/wiring/route';

/** The name of the church a sign-up link names, for the sign-up page; public, as the link is. */
export const handler = defineRoute('getOrganizationName', { params: OrganizationNameParams }, async ({ params }) =>
  churchOfLink(params.orgId),
);
