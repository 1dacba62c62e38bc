import { MemberParams, UpdateMemberInput } from '../../contract/directory';
import { updateMember } from '../../directory/members';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute(
  'updateMember',
  { body: UpdateMemberInput, params: MemberParams, church: true },
  async ({ principal, body, params }) => {
    const { member, invitation } = await updateMember(principal, params.memberId, body);
    return {
      success: true,
      message: 'Member updated successfully!',
      id: member.memberId,
      version: member.version,
      invitation,
    };
  },
);
