import { GenerateDirectoryPdfInput } from '../../contract/pdf';
import { generateDirectoryPdf } from '../../domain/directoryPdf';
import { defineRoute } from '../../platform/route';

/** The printable directory of the caller's church (admins): rendered, stored under its prefix, handed back as a presigned download. */
export const handler = defineRoute(
  'generateDirectoryPdf',
  { body: GenerateDirectoryPdfInput },
  async ({ principal, body }) =>
    generateDirectoryPdf(principal.orgId, { paper: body.paper ?? 'letter', photos: body.photos ?? true }),
);
