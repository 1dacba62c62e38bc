/**
 * A page of the directory in surname order, families with their members, as this viewer may see
 * them: one Query of the directory's order, started beside the caller's admission (startFamilyPage),
 * whose request also brought the church's privacy item.
 */
import type { ListFamiliesResult } from '../contract/api';
import { sortKeyOf } from '../contract/names';
import type { Viewer } from '../core/viewer';
import { seesFamily } from '../privacy/visibility';
import { readDirectoryPage, startDirectoryRead, type DirectoryRead, type PageStart } from './repos/directoryPages';
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
export const startFamilyPage = (orgId: string, query: Parameters<typeof startOf>[0]): Promise<DirectoryRead> =>
  startDirectoryRead(orgId, startOf(query));

/**
 * The page as this viewer may see it. Its families and its pointers are the viewer's list's alone:
 * a family left out of the directory is neither on the page nor the place a pointer names, and
 * whether there is a page before or after says nothing of one (readDirectoryPage).
 */
export async function familyPage(viewer: Viewer, read: DirectoryRead): Promise<ListFamiliesResult> {
  const church = await churchOf(viewer);
  const sight = await sightOf(viewer, church);
  const now = Date.now();
  const page = await readDirectoryPage(read, (family) => seesFamily(sight.audience, church, family.familyId));
  return {
    families: await Promise.all(page.families.map(({ family, members }) => familyView(sight, family, members, now))),
    canAddFamily: viewer.admin,
    next: page.next,
    previous: page.previous,
  };
}
