import { GroupParams } from '../../contract/groups';
import { deleteGroup } from '../../groups/groups';
import { defineRoute } from '../../platform/wiring/route';

/** The group with its name claim and all its roles, in one transaction. */
export const handler = defineRoute('deleteGroup', { params: GroupParams }, async ({ principal, params }) => {
  const group = await deleteGroup(principal, params.groupId);
  return { success: true, message: `Group "${group.groupName}" deleted.` };
});
