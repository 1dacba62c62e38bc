import { DeleteOrganizationInput } from '../../contract/jobs';
import { startOrgDeletion } from '../../jobs/jobs';
import { defineRoute } from '../../platform/wiring/route';
import { requireOperatorTotp } from './operatorAdmission';

/** Starts (or resumes) the deletion of all data of an organisation and answers its job id at once. */
export const handler = defineRoute(
  'deleteAllDataForOrganization',
  { body: DeleteOrganizationInput, admit: requireOperatorTotp },
  async ({ principal, body }) => startOrgDeletion(principal, body.orgId),
);
