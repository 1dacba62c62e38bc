import { allOrganizations } from '../../domain/jobs';
import { requireOperatorTotp } from '../../platform/operatorMfa';
import { defineRoute } from '../../platform/route';

/** Every organisation (GSI1's ORGS partition), for the super-admin's /admin/org page. */
export const handler = defineRoute('getAllOrganizations', { admit: requireOperatorTotp }, async () =>
  allOrganizations(),
);
