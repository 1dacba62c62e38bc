import { accountOf } from '../../accounts/session';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute('getMe', {}, async ({ principal }) => accountOf(principal));
