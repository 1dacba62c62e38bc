import { GetGroupQuery, GroupParams } from '../../contract/groups';
import { groupPage, startGroupPage } from '../../groups/groups';
import { churchOf } from '../../directory/sight';
import { defineRoute } from '../../platform/wiring/route';

/**
 * One group with a page of its members in name order, as this viewer may see them: the group's
 * item and one Query of its roles, both started beside the caller's admission, whose request also
 * brought the church's privacy item.
 */
export const handler = defineRoute(
  'getGroup',
  {
    params: GroupParams,
    query: GetGroupQuery,
    church: true,
    early: (orgId, query, params) => startGroupPage(orgId, params.groupId, query.after),
  },
  async ({ principal, early: [group, page] }) => groupPage(principal, await churchOf(principal), group, page),
);
