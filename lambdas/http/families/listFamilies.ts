import { ListFamiliesQuery } from '../../contract/directory';
import { sortKeyOf } from '../../contract/names';
import { readDirectoryPage, type PageStart } from '../../directory/repos/directoryPages';
import { churchOf, sightOf } from '../../directory/sight';
import { familyView } from '../../directory/views';
import { seesFamily } from '../../privacy/visibility';
import { defineRoute } from '../../platform/http/route';

/** Where the page asked for starts. */
const startOf = (query: { after?: string; before?: string; from?: string }): PageStart =>
  query.after
    ? { after: query.after }
    : query.before
      ? { before: query.before }
      : query.from
        ? { from: sortKeyOf(query.from) }
        : {};

/**
 * A page of the directory in surname order, families with their members, as this viewer may see
 * them: one Query of the directory's order, started beside the caller's admission, whose request
 * also brought the church's privacy item.
 */
export const handler = defineRoute(
  'listFamilies',
  {
    query: ListFamiliesQuery,
    church: true,
    early: (orgId, query) => readDirectoryPage(orgId, startOf(query)),
  },
  async ({ principal: viewer, early: page }) => {
    const church = await churchOf(viewer);
    const sight = await sightOf(viewer, church);
    const now = Date.now();
    const shown = page.families.filter(({ family }) => seesFamily(sight.audience, church, family.familyId));
    return {
      families: await Promise.all(shown.map(({ family, members }) => familyView(sight, family, members, now))),
      canAddFamily: viewer.admin,
      next: page.next,
      previous: page.previous,
    };
  },
);
