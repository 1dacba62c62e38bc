import { DeleteOrganizationInput } from '../../contract/jobs';
import { startOrgDeletion } from '../../domain/jobs';
import { requireOperatorTotp } from '../../platform/operatorMfa';
import { defineRoute } from '../../platform/route';

/** Starts (or resumes) the deletion of all data of an organisation and answers its job id at once. */
export const handler = defineRoute(
  'deleteAllDataForOrganization',
  { body: DeleteOrganizationInput, admit: requireOperatorTotp },
  async ({ principal, body }) => startOrgDeletion(principal, body.orgId),
);
