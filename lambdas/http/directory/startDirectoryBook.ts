import { StartDirectoryBookInput } from '../../contract/pdf';
import { startBook } from '../../book/directoryBook';
import { defineRoute } from '../../platform/wiring/route';

/**
 * Starts the church's printed book as a job (admins), or joins the one being made; answers it at
 * once. A choice left out is the church's book setting.
 */
export const handler = defineRoute(
  'startDirectoryBook',
  { body: StartDirectoryBookInput },
  async ({ principal, body }) => startBook(principal.orgId, principal.email, body),
);
