import { startExport } from '../../transfer/churchExport';
import { defineRoute } from '../../platform/wiring/route';

/** Starts an export of the church's directory as a job (admins), or joins the one being made; answers it at once. */
export const handler = defineRoute('startExport', {}, async ({ principal }) => startExport(principal));
