import { listInvitations } from '../../accounts/repos/invitations';
import { listUsers } from '../../accounts/users';
import { defineRoute } from '../../platform/http/route';

/** The church's user accounts, ordered by e-mail (one Query), and when it last invited each address (one Query). */
export const handler = defineRoute('listUsers', {}, async ({ principal }) => {
  const [users, invitations] = await Promise.all([listUsers(principal), listInvitations(principal.orgId)]);
  return { users, invitations };
});
