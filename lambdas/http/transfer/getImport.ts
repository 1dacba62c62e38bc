import { latestImport } from '../../transfer/churchImport';
import { defineRoute } from '../../platform/wiring/route';

/** The church's latest import: its check, its progress or its result (admins). */
export const handler = defineRoute('getImport', {}, async ({ principal }) => latestImport(principal.orgId));
