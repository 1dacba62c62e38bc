/**
 * The directory's reads answered from the offline copy (db.ts), when the server cannot be reached:
 * the same shapes as the server's answers, made only of what the server answered this account. A
 * page of the list is cut by the families' places, as the server names its page pointers, so a
 * list scrolled online goes on offline; a search checks the stored views with the server's own
 * rule (contract/searchWords.ts), so it finds a family only by what this viewer was shown.
 */
import type {
  DashboardResult,
  FamilyView,
  GetFamilyResult,
  GetGroupResult,
  GetMemberResult,
  ListFamiliesResult,
  SearchDirectoryResult,
} from '@contract/api';
import { sortKeyOf, wordsOf } from '@contract/names';
import { matches, SEARCH_RESULTS } from '@contract/searchWords';
import { DIRECTORY_READS } from '../api/directoryReads';
import { amplifyAuth } from '../lib/amplifyAuth';
import { ApiError } from '../lib/apiError';
import { photoOf } from '../lib/photoLinks';
import { allFamilies, offlineDb, readMeta, type OfflineDb, type StoredFamily } from './db';
import { answeredFromCopy } from './status';

/** The reads the copy answers: the directory's, and the account's (the gate's). */
export const OFFLINE_READS: ReadonlySet<string> = new Set(['getMe', ...DIRECTORY_READS]);

export const NOT_KEPT_OFFLINE =
  'You are offline, and this page was not saved for reading offline. Please try again once you are back online.';

/** Families on a page of the list read offline (the server cuts its pages by size, about as many). */
export const OFFLINE_PAGE = 30;

interface Asked {
  params?: Record<string, string>;
  query?: Record<string, string>;
}

const notKept = () => new ApiError('unavailable', NOT_KEPT_OFFLINE, 0);

/** Each photo's bytes as a link for this page's life, made once. */
const photoLinks = new Map<string, string>();

async function storedPhotoLink(db: OfflineDb, link: string | null): Promise<string | null> {
  if (!link) return null;
  const photo = photoOf(link);
  const made = photoLinks.get(photo);
  if (made) return made;
  const stored = await db.get('photos', photo);
  if (!stored) return null;
  const url = URL.createObjectURL(stored.blob);
  photoLinks.set(photo, url);
  return url;
}

/** A stored view with its photo from the copy (or none): its server links have died by now. */
async function shown(db: OfflineDb, view: FamilyView): Promise<FamilyView> {
  return { ...view, photoUrl: await storedPhotoLink(db, view.photoUrl), photoSrcset: null };
}

const shownAll = (db: OfflineDb, families: StoredFamily[]) => Promise.all(families.map((f) => shown(db, f.view)));

async function storedAnswer<T>(db: OfflineDb, key: string): Promise<T> {
  const stored = await db.get('answers', key);
  if (!stored) throw notKept();
  return stored.answer as T;
}

async function familyPage(db: OfflineDb, query: Record<string, string>): Promise<ListFamiliesResult> {
  const places = db.transaction('families').store.index('place');
  let families: StoredFamily[];
  if (query.before) {
    families = [];
    let cursor = await places.openCursor(IDBKeyRange.upperBound(query.before, true), 'prev');
    while (cursor && families.length < OFFLINE_PAGE) {
      families.unshift(cursor.value);
      cursor = await cursor.continue();
    }
  } else {
    const start = query.after
      ? IDBKeyRange.lowerBound(query.after, true)
      : query.from
        ? IDBKeyRange.lowerBound(sortKeyOf(query.from))
        : undefined;
    families = await places.getAll(start, OFFLINE_PAGE);
  }
  // The pointers name the first and the last family of the page, as the server's do; a page at a
  // letter with no family from it on points back from the letter itself.
  const first = families[0]?.place ?? (query.from ? sortKeyOf(query.from) : undefined);
  const last = families.at(-1)?.place;
  const [after, before] = await Promise.all([
    last ? places.count(IDBKeyRange.lowerBound(last, true)) : 0,
    first ? places.count(IDBKeyRange.upperBound(first, true)) : 0,
  ]);
  const { canAddFamily } = await storedAnswer<Pick<ListFamiliesResult, 'canAddFamily'>>(db, 'listFamilies');
  return {
    families: await shownAll(db, families),
    canAddFamily,
    next: after > 0 ? last! : null,
    previous: before > 0 ? first! : null,
  };
}

async function search(db: OfflineDb, text: string): Promise<SearchDirectoryResult> {
  const words = wordsOf(text);
  if (words.length === 0) return { families: [], more: false };
  const found = (await allFamilies(db)).filter((f) => matches(words, f.view));
  return { families: await shownAll(db, found.slice(0, SEARCH_RESULTS)), more: found.length > SEARCH_RESULTS };
}

async function family(db: OfflineDb, familyId: string): Promise<GetFamilyResult> {
  const stored = await db.get('families', familyId);
  if (!stored) throw notKept();
  // Offline nothing can be changed: no rules of what may be.
  return { family: await shown(db, stored.view), rules: null, requests: null };
}

async function member(db: OfflineDb, memberId: string): Promise<GetMemberResult> {
  const stored = await db.getFromIndex('families', 'member', memberId);
  const found = stored?.view.members.find((m) => m.memberId === memberId);
  if (!stored || !found) throw notKept();
  return { member: found, canEdit: stored.view.canEdit, rules: null };
}

/**
 * A group whole (the copy keeps each group's members in one answer), or, after a pointer of the
 * server's (a first page read online), the members after its place, as the server names them.
 */
async function group(db: OfflineDb, groupId: string, after: string | undefined): Promise<GetGroupResult> {
  const whole = await storedAnswer<GetGroupResult>(db, `getGroup:${groupId}`);
  if (!after) return whole;
  return { ...whole, roles: whole.roles.filter((r) => `${sortKeyOf(r.memberName)}#${r.memberId}` > after) };
}

async function dashboard(db: OfflineDb, query: Record<string, string>): Promise<DashboardResult> {
  const stored = await db.get('answers', 'getDashboard');
  // Another day's dashboard would show the wrong month's birthdays.
  if (!stored || JSON.stringify(stored.query) !== JSON.stringify(query)) throw notKept();
  const answer = stored.answer as DashboardResult;
  const anniversaries = await Promise.all(
    answer.anniversaries.map(async (a) => ({ ...a, photoUrl: await storedPhotoLink(db, a.photoUrl) })),
  );
  // A copy kept before the dashboard had Bible study sessions shows none.
  return { ...answer, anniversaries, sessions: answer.sessions ?? [] };
}

function answer(db: OfflineDb, operation: string, { params = {}, query = {} }: Asked): Promise<unknown> {
  switch (operation) {
    case 'listFamilies':
      return familyPage(db, query);
    case 'searchDirectory':
      return search(db, query.q ?? '');
    case 'getFamily':
      return family(db, params.familyId ?? '');
    case 'getMember':
      return member(db, params.memberId ?? '');
    case 'getDashboard':
      return dashboard(db, query);
    case 'getGroup':
      return group(db, params.groupId ?? '', query.after);
    default:
      return storedAnswer(db, operation);
  }
}

/** Whose session this browser holds, read from its own storage (no network). */
async function signedInUser(): Promise<string | null> {
  try {
    return (await (await amplifyAuth()).getCurrentUser()).userId;
  } catch {
    return null;
  }
}

/**
 * The read answered from the copy; undefined when there is no copy of this account's (the caller
 * then says the server could not be reached). A read the copy does not hold is refused with
 * NOT_KEPT_OFFLINE.
 */
export async function answerFromCopy(operation: string, asked: Asked): Promise<unknown> {
  if (!OFFLINE_READS.has(operation)) return undefined;
  const db = await offlineDb();
  const meta = db && (await readMeta(db));
  if (!db || !meta?.asOf || meta.userId !== (await signedInUser())) return undefined;
  const result = await answer(db, operation, asked);
  answeredFromCopy(meta.asOf);
  return result;
}
