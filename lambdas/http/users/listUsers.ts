import { usersWithInvitations } from '../../accounts/users';
import { defineRoute } from '../../platform/http/route';

export const handler = defineRoute('listUsers', {}, async ({ principal }) => usersWithInvitations(principal));
