import { ImportParams } from '../../contract/importJobs';
import { confirmImport } from '../../transfer/churchImport';
import { defineRoute } from '../../platform/wiring/route';

/** Writes what the check planned (a job, page by page); answers at once. */
export const handler = defineRoute('confirmImport', { params: ImportParams }, async ({ principal, params }) =>
  confirmImport(principal.orgId, params.importId),
);
