import { GenerateDirectoryPdfInput } from '../../contract/pdf';
import { startBook } from '../../domain/directoryBook';
import { defineRoute } from '../../platform/route';

/** Starts the church's printed book as a job (admins), or joins the one being made; answers it at once. */
export const handler = defineRoute(
  'startDirectoryBook',
  { body: GenerateDirectoryPdfInput },
  async ({ principal, body }) =>
    startBook(principal.orgId, principal.email, { paper: body.paper ?? 'letter', photos: body.photos ?? true }),
);
