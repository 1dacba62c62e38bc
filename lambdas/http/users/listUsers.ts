import { usersWithInvitations } from '../../accounts/users';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute('listUsers', {}, async ({ principal }) => usersWithInvitations(principal));
