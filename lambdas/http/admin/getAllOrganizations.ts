import { allOrganizations } from '../../jobs/jobs';
import { requireOperatorTotp } from '../../platform/http/operatorMfa';
import { defineRoute } from '../../platform/http/route';

/** Every organisation (GSI1's ORGS partition), for the super-admin's /admin/org page. */
export const handler = defineRoute('getAllOrganizations', { admit: requireOperatorTotp }, async () =>
  allOrganizations(),
);
