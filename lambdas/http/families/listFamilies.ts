import { ListFamiliesQuery } from '../../contract/directory';
import { familyPage, startFamilyPage } from '../../directory/familyList';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute(
  'listFamilies',
  { query: ListFamiliesQuery, church: true, early: startFamilyPage },
  async ({ principal, early }) => familyPage(principal, early),
);
