import { CheckImportInput, ImportParams } from '../../contract/importJobs';
import { checkImport } from '../../transfer/churchImport';
import { defineRoute } from '../../platform/wiring/route';

/** Checks the church's uploaded file with the administrator's choices (the dry run, a job); answers at once. */
export const handler = defineRoute(
  'checkImport',
  { body: CheckImportInput, params: ImportParams },
  async ({ principal, body, params }) => checkImport(principal.orgId, params.importId, body),
);
