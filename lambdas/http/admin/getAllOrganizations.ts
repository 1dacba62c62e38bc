import { allOrganizations } from '../../jobs/jobs';
import { defineRoute } from '../../platform/wiring/route';
import { requireOperatorTotp } from './operatorAdmission';

/** Every organisation (GSI1's ORGS partition), for the super-admin's /admin/org page. */
export const handler = defineRoute('getAllOrganizations', { admit: requireOperatorTotp }, async () =>
  allOrganizations(),
);
