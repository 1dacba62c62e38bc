import { listGroups } from '../../domain/groups';
import { readGroupList } from '../../domain/repos/groups';
import { defineRoute } from '../../platform/route';

/** The church's groups with their member counts, in name order: one Query of the groups alone, started beside the caller's admission. */
export const handler = defineRoute(
  'listGroups',
  { early: (orgId) => readGroupList(orgId) },
  async ({ principal, early }) => listGroups(principal, early),
);
