import { listUsers } from '../../domain/users';
import { defineRoute } from '../../platform/route';

/** The church's user accounts, ordered by e-mail (one Query). */
export const handler = defineRoute('listUsers', {}, async ({ principal }) => ({ users: await listUsers(principal) }));
