/**
 * A page of the directory in surname order, families with their members, as this viewer may see
 * them: one Query of the directory's order, started beside the caller's admission (startFamilyPage),
 * whose request also brought the church's privacy item.
 */
import type { ListFamiliesResult } from '../contract/api';
import { sortKeyOf } from '../contract/names';
import type { Viewer } from '../core/viewer';
import { seesFamily } from '../privacy/visibility';
import { readDirectoryPage, type DirectoryPage, type PageStart } from './repos/directoryPages';
import { churchOf, sightOf } from './sight';
import { familyView } from './views';

/** Where the page asked for starts. */
const startOf = (query: { after?: string; before?: string; from?: string }): PageStart =>
  query.after
    ? { after: query.after }
    : query.before
      ? { before: query.before }
      : query.from
        ? { from: sortKeyOf(query.from) }
        : {};

/** The page's Query, started beside the caller's admission. */
export const startFamilyPage = (orgId: string, query: Parameters<typeof startOf>[0]): Promise<DirectoryPage> =>
  readDirectoryPage(orgId, startOf(query));

/** The page as this viewer may see it. */
export async function familyPage(viewer: Viewer, page: DirectoryPage): Promise<ListFamiliesResult> {
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
}
