import { linkApp } from '../../accounts/appLink';
import { LinkAppInput } from '../../contract/app';
import { defineRoute } from '../../platform/wiring/route';

/** The installed app's first start: the caller's record keeps its platform and that the app is linked. */
export const handler = defineRoute('linkApp', { body: LinkAppInput }, async ({ principal, body }) =>
  linkApp(principal, body.platform),
);
