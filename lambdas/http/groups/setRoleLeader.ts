import { RoleParams } from '../../contract/groups';
import { RoleLeaderInput } from '../../contract/studies';
import { setRoleLeader } from '../../groups/leaders';
import { defineRoute } from '../../platform/wiring/route';

/** A member made a leader of a group, or no longer (administrators). */
export const handler = defineRoute(
  'setRoleLeader',
  { params: RoleParams, body: RoleLeaderInput },
  async ({ principal, params, body }) => {
    await setRoleLeader(principal, params.groupId, params.memberId, body.leader);
    return {
      success: true,
      message: body.leader ? 'Marked as a leader of the group.' : 'No longer a leader of the group.',
    };
  },
);
