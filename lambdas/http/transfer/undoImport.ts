import { ImportParams } from '../../contract/importJobs';
import { undoImport } from '../../transfer/churchImport';
import { defineRoute } from '../../platform/wiring/route';

/** Takes the church's latest import back (a job), while nothing it wrote has changed since; answers at once. */
export const handler = defineRoute('undoImport', { params: ImportParams }, async ({ principal, params }) =>
  undoImport(principal.orgId, params.importId),
);
