import { ListFamiliesQuery } from '../../contract/directory';
import { sortKeyOf } from '../../contract/names';
import { readDirectoryPage, type PageStart } from '../../domain/repos/directoryPages';
import { churchOf, sightOf } from '../../domain/sight';
import { familyView } from '../../domain/views';
import { seesFamily } from '../../domain/visibility';
import { defineRoute } from '../../platform/route';

/**
 * A page of the directory in surname order, families with their members, as this viewer may see
 * them: one Query of the directory's order; the church's privacy item came with the caller's record.
 */
export const handler = defineRoute(
  'listFamilies',
  { query: ListFamiliesQuery, church: true },
  async ({ principal: viewer, query }) => {
    const start: PageStart = query.after
      ? { after: query.after }
      : query.before
        ? { before: query.before }
        : query.from
          ? { from: sortKeyOf(query.from) }
          : {};
    const [page, church] = await Promise.all([readDirectoryPage(viewer.orgId, start), churchOf(viewer)]);
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
