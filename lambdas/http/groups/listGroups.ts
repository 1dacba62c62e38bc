import { listGroups, startGroupList } from '../../groups/groups';
import { defineRoute } from '../../platform/wiring/route';

/** The church's groups with their member counts, in name order: one Query of the groups alone, started beside the caller's admission. */
export const handler = defineRoute('listGroups', { early: startGroupList }, async ({ principal, early }) =>
  listGroups(principal, early),
);
