import { AddMemberInput } from '../../contract/directory';
import { addMember } from '../../directory/members';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute(
  'addMember',
  { body: AddMemberInput, church: true },
  async ({ principal, body, requestKey }) => {
    const { member, invitation } = await addMember(principal, body, requestKey);
    return {
      success: true,
      message: 'Member added successfully!',
      id: member.memberId,
      version: member.version,
      invitation,
    };
  },
);
