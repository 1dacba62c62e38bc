import { SetAdminInput, UserParams } from '../../contract/users';
import { setAdmin } from '../../accounts/users';
import { defineRoute } from '../../platform/wiring/route';

/** Grants or removes admin: the user record (authoritative) and the Cognito attribute together. */
export const handler = defineRoute(
  'setUserAdminClaim',
  { body: SetAdminInput, params: UserParams },
  async ({ principal, body, params }) => {
    const user = await setAdmin(principal, params.userId, body.setAdminStatus);
    const verb = body.setAdminStatus ? 'granted' : 'removed';
    return { success: true, message: `Successfully ${verb} admin privileges for ${user.email}.`, user };
  },
);
