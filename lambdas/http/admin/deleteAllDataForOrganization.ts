import { DeleteOrganizationInput } from '../../contract/jobs';
import { startOrgDeletion } from '../../jobs/jobs';
import { requireOperatorTotp } from '../../platform/http/operatorMfa';
import { defineRoute } from '../../platform/http/route';

/** Starts (or resumes) the deletion of all data of an organisation and answers its job id at once. */
export const handler = defineRoute(
  'deleteAllDataForOrganization',
  { body: DeleteOrganizationInput, admit: requireOperatorTotp },
  async ({ principal, body }) => startOrgDeletion(principal, body.orgId),
);
