import { MemberParams } from '../../contract/directory';
import { deleteMember } from '../../directory/members';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute('deleteMember', { params: MemberParams }, async ({ principal, params }) => {
  const member = await deleteMember(principal, params.memberId);
  return { success: true, message: `Member "${member.name}" deleted.` };
});
