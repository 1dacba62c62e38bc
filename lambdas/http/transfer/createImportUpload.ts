import { ImportUploadInput } from '../../contract/importJobs';
import { createImportUpload } from '../../transfer/churchImport';
import { defineRoute } from '../../platform/wiring/route';

/** A new import of the church (admins): its record, and where to upload the file. */
export const handler = defineRoute('createImportUpload', { body: ImportUploadInput }, async ({ principal, body }) =>
  createImportUpload(principal.orgId, { userId: principal.userId, email: principal.email }, body),
);
