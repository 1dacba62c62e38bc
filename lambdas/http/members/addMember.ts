import { AddMemberInput } from '../../contract/directory';
import { addMember } from '../../domain/members';
import { defineRoute } from '../../platform/route';

export const handler = defineRoute('addMember', { body: AddMemberInput }, async ({ principal, body }) => {
  const member = await addMember(principal!, body);
  return { success: true, message: 'Member added successfully!', id: member.memberId, version: member.version };
});
