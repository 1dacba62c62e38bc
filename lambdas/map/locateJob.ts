/**
 * The lookup job (lambdas/tasks/familyLocations): one family after its address was saved, one
 * church after an import, or every church once (the one-off run after the deployment that brought
 * the map: families saved before it). A page at a time, resumable, safe to run again: it looks up
 * only addresses still waiting for it.
 */
import { readFamilyItem } from '../directory/repos/directory';
import { mapLimit } from '../platform/limit';
import { needsLookup } from './address';
import { locate, type Located } from './locating';
import { familiesPage, type LocateCursor } from './repos/locations';

/** Families a page reads: its lookups end well within one task's time. */
const PAGE_ITEMS = 200;
/** Lookups at once: Amazon Location answers each in well under a second, and throttles bursts. */
const AT_ONCE = 5;

export interface LocateState {
  /** One church (an import's); absent: every church. */
  orgId?: string;
  /** One family of that church (its address was just saved). */
  familyId?: string;
  cursor?: LocateCursor;
  found?: number;
  missed?: number;
  done?: boolean;
}

export async function locatePage(state: LocateState): Promise<LocateState & { done: boolean }> {
  const tally = (outcomes: Located[]) => ({
    found: (state.found ?? 0) + outcomes.filter((o) => o === 'found').length,
    missed: (state.missed ?? 0) + outcomes.filter((o) => o === 'notFound' || o === 'failed').length,
  });
  if (state.orgId && state.familyId) {
    const family = await readFamilyItem(state.orgId, state.familyId);
    const outcomes = family && needsLookup(family) ? [await locate(family)] : [];
    return { ...state, ...tally(outcomes), done: true };
  }
  const { families, next } = await familiesPage(state.orgId ?? null, state.cursor ?? null, PAGE_ITEMS);
  const outcomes = await mapLimit(families.filter(needsLookup), AT_ONCE, locate);
  return { ...state, ...tally(outcomes), cursor: next, done: next === null };
}
