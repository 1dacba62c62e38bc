import { CHANGE_REQUEST_MESSAGES } from '../../contract/changeRequests';
import { MemberParams, UpdateMemberInput } from '../../contract/directory';
import { updateMember } from '../../directory/members';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute(
  'updateMember',
  { body: UpdateMemberInput, params: MemberParams, church: true },
  async ({ principal, body, params }) => {
    const { member, invitation, asks, asked } = await updateMember(principal, params.memberId, body);
    const saved = { success: true as const, id: member.memberId, version: member.version, invitation };
    if (asks)
      return {
        ...saved,
        message: asked ? CHANGE_REQUEST_MESSAGES.sent : CHANGE_REQUEST_MESSAGES.nothing,
        requestId: asked?.requestId ?? null,
      };
    return { ...saved, message: 'Member updated successfully!' };
  },
);
