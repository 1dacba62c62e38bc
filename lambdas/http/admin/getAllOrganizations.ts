import { allOrganizations } from '../../jobs/jobs';
import { requireOperatorTotp } from '../../platform/wiring/operatorMfa';
import { defineRoute } from '../../platform/wiring/route';

/** Every organisation (GSI1's ORGS partition), for the super-admin's /admin/org page. */
export const handler = defineRoute('getAllOrganizations', { admit: requireOperatorTotp }, async () =>
  allOrganizations(),
);
