import { listExports } from '../../transfer/churchExport';
import { defineRoute } from '../../platform/wiring/route';

/** The church's latest exports, newest first, with the newest finished file's download (admins). */
export const handler = defineRoute('listExports', {}, async ({ principal }) => listExports(principal.orgId));
