import { OrganizationUserParams } from '../../contract/users';
import { makeChurchAdmin } from '../../accounts/users';
import { defineRoute } from '../../platform/wiring/route';
import { requireOperatorTotp } from './operatorAdmission';

/** The super-admin makes a user of a church its administrator: record and Cognito attribute, as User Management does. */
export const handler = defineRoute(
  'makeOrganizationAdmin',
  { params: OrganizationUserParams, admit: requireOperatorTotp },
  async ({ principal, params }) => {
    const user = await makeChurchAdmin(principal, params.orgId, params.userId);
    return { success: true, message: `${user.email} is now an administrator of this church.`, user };
  },
);
