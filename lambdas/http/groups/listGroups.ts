import { listGroups, startGroupList } from '../../groups/groups';
import { churchOf } from '../../directory/sight';
import { defineRoute } from '../../platform/wiring/route';

/** The church's groups with their member counts, in name order: one Query of the groups alone, started beside the caller's admission. */
export const handler = defineRoute(
  'listGroups',
  { church: true, early: startGroupList },
  async ({ principal, early }) => listGroups(principal, await churchOf(principal), early),
);
