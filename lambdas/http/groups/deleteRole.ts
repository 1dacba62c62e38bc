import { RoleParams } from '../../contract/groups';
import { deleteRole } from '../../groups/groups';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute('deleteRole', { params: RoleParams }, async ({ principal, params }) => {
  await deleteRole(principal, params.groupId, params.memberId);
  return { success: true, message: 'Member removed from the group.' };
});
