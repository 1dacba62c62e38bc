import { listGroups } from '../../groups/groups';
import { readGroupList } from '../../groups/repos/groups';
import { defineRoute } from '../../platform/http/route';

/** The church's groups with their member counts, in name order: one Query of the groups alone, started beside the caller's admission. */
export const handler = defineRoute(
  'listGroups',
  { early: (orgId) => readGroupList(orgId) },
  async ({ principal, early }) => listGroups(principal, early),
);
