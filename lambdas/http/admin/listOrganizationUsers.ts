import { OrganizationParams } from '../../contract/users';
import { listChurchUsers } from '../../accounts/users';
import { defineRoute } from '../../platform/wiring/route';
import { requireOperatorTotp } from './operatorAdmission';

/** A church's users, for the super-admin choosing its administrator (the operator's own account is not among them). */
export const handler = defineRoute(
  'listOrganizationUsers',
  { params: OrganizationParams, admit: requireOperatorTotp },
  async ({ params }) => ({
    users: await listChurchUsers(params.orgId),
  }),
);
