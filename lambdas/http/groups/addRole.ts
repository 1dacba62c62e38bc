import { AddRoleInput, GroupParams } from '../../contract/groups';
import { addRole } from '../../groups/groups';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute(
  'addRole',
  { body: AddRoleInput, params: GroupParams },
  async ({ principal, body, params }) => {
    const role = await addRole(principal, params.groupId, body);
    return { success: true, message: `${role.memberName} added to the group "${role.groupName}".` };
  },
);
