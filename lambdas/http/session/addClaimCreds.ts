import { linkToMember } from '../../accounts/session';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute('addClaimCreds', {}, async ({ principal }) => linkToMember(principal));
