import { OrganizationParams } from '../../contract/users';
import { listChurchUsers } from '../../accounts/users';
import { requireOperatorTotp } from '../../platform/wiring/operatorMfa';
import { defineRoute } from '../../platform/wiring/route';

/** A church's users, for the super-admin choosing its administrator (the operator's own account is not among them). */
export const handler = defineRoute(
  'listOrganizationUsers',
  { params: OrganizationParams, admit: requireOperatorTotp },
  async ({ params }) => ({
    users: await listChurchUsers(params.orgId),
  }),
);
