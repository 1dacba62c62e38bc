import { listInvitations } from '../../domain/repos/invitations';
import { listUsers } from '../../domain/users';
import { defineRoute } from '../../platform/route';

/** The church's user accounts, ordered by e-mail (one Query), and when it last invited each address (one Query). */
export const handler = defineRoute('listUsers', {}, async ({ principal }) => {
  const [users, invitations] = await Promise.all([listUsers(principal), listInvitations(principal.orgId)]);
  return { users, invitations };
});
