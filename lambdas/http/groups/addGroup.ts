import { AddGroupInput } from '../../contract/groups';
import { addGroup } from '../../groups/groups';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute('addGroup', { body: AddGroupInput }, async ({ principal, body, requestKey }) => {
  const group = await addGroup(principal, body, requestKey);
  return { success: true, message: `Group '${group.groupName}' created.`, groupId: group.groupId };
});
