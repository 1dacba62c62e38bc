import { UserParams } from '../../contract/users';
import { deleteUser } from '../../accounts/users';
import { defineRoute } from '../../platform/wiring/route';

/** Deletes a user of the church: refresh tokens revoked, Cognito account and user record removed. */
export const handler = defineRoute('deleteUserAuth', { params: UserParams }, async ({ principal, params }) => {
  const user = await deleteUser(principal, params.userId);
  return { success: true, message: `User "${user.email}" deleted.` };
});
