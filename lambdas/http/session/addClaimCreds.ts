import { linkToMember } from '../../accounts/session';
import { defineRoute } from '../../platform/http/route';

export const handler = defineRoute('addClaimCreds', {}, async ({ principal }) => linkToMember(principal));
