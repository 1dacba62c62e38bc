/**
 * Searching the directory: the search words (directory/repos/find.ts) name the families a word of the
 * query begins; each is read and shaped for the viewer (views.ts), and kept only if its view
 * still matches every word. So a field the viewer may not see never finds a family, and the
 * index may be behind or ahead of a record without showing anything it should not.
 */
import type { SearchDirectoryResult } from '../contract/api';
import { sortKeyOf, wordsOf } from '../contract/names';
import { readFamily } from './repos/directory';
import { familiesByWord } from './repos/find';
import { lookupWords, matches, MAX_WORD, SEARCH_RESULTS } from '../contract/searchWords';
import { churchOf, sightOf, type Sight } from './sight';
import { familyView } from './views';
import type { Viewer } from '../core/viewer';
import { seesFamily } from '../privacy/visibility';

/** Index entries read a page at a time, pages at most, and families read at once, for one search. */
const WORD_PAGE = 60;
const MAX_PAGES = 4;
const READ_AT_ONCE = SEARCH_RESULTS + 1;

async function shownIfMatching(viewer: Viewer, sight: Sight, query: string[], familyId: string, now: number) {
  const found = await readFamily(viewer.orgId, familyId);
  if (!found || !seesFamily(sight.audience, sight.church, familyId)) return null;
  const view = await familyView(sight, found.family, found.members, now);
  return matches(query, { ...view, members: view.members }) ? view : null;
}

export async function searchDirectory(viewer: Viewer, text: string): Promise<SearchDirectoryResult> {
  const query = wordsOf(text);
  if (query.length === 0) return { families: [], more: false };
  // The longest word names the fewest families; the others are checked on each view.
  const lookup = lookupWords(text);
  const word = (lookup.length ? lookup : query).reduce((a, b) => (b.length > a.length ? b : a)).slice(0, MAX_WORD);
  const [first, church] = await Promise.all([familiesByWord(viewer.orgId, word, WORD_PAGE, null), churchOf(viewer)]);
  const sight = await sightOf(viewer, church);
  const now = Date.now();
  const seen = new Set<string>();
  const found: SearchDirectoryResult['families'] = [];
  let page = first;
  for (let pages = 1; ; pages++) {
    const fresh = page.familyIds.filter((id) => !seen.has(id));
    fresh.forEach((id) => seen.add(id));
    // A slice at a time, so a common word reads about as many families as the answer holds.
    for (let i = 0; i < fresh.length && found.length <= SEARCH_RESULTS; i += READ_AT_ONCE) {
      const views = await Promise.all(
        fresh.slice(i, i + READ_AT_ONCE).map((id) => shownIfMatching(viewer, sight, query, id, now)),
      );
      found.push(...views.filter((v) => v !== null));
    }
    if (found.length > SEARCH_RESULTS || !page.next || pages === MAX_PAGES) break;
    page = await familiesByWord(viewer.orgId, word, WORD_PAGE, page.next);
  }
  const families = found
    .sort((a, b) => sortKeyOf(a.surname).localeCompare(sortKeyOf(b.surname)) || a.familyId.localeCompare(b.familyId))
    .slice(0, SEARCH_RESULTS);
  return { families, more: found.length > SEARCH_RESULTS || page.next !== null };
}
