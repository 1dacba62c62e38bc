/**
 * The walk that makes the offline copy (db.ts): after sign-in and on each visit, behind the pages,
 * it asks the server for the directory page by page, as the pages themselves do, and keeps what it
 * answers, within a size budget. Each answer replaces what the copy held, so a detail the church
 * or a family has hidden from this member since is gone from it as soon as the walk passes its
 * family; a family no longer in the member's list is dropped once the walk has passed its place;
 * a group, or a photo, no longer answered is dropped at the end.
 */
import type { FamilyView, GetGroupResult, ListFamiliesResult } from '@contract/api';
import { dashboardDay } from '../api/queries';
import { callApi, type ApiOperation, type CallOptions } from '../lib/api';
import { photoOf } from '../lib/photoLinks';
import { ANSWERS_BUDGET_BYTES, PHOTOS_BUDGET_BYTES, REFRESH_MS } from './budgets';
import {
  familiesChanged,
  offlineDb,
  readMeta,
  storedFamily,
  wipeOfflineDirectory,
  type OfflineDb,
  type OfflineMeta,
} from './db';

/** Photos fetched at once. */
const PHOTO_FETCHES = 4;

const sizeOf = (answer: unknown) => new Blob([JSON.stringify(answer)]).size;

interface Walk {
  db: OfflineDb;
  started: number;
  signal: AbortSignal;
  bytes: number;
}

const ask = <Op extends ApiOperation>(walk: Walk, operation: Op, options: Omit<CallOptions, 'signal' | 'copy'> = {}) =>
  callApi(operation, { ...options, signal: walk.signal, copy: false });

/** Nothing is written once the walk is stopped: the account may have signed out, and its copy been wiped. */
function stillWalking(walk: Walk) {
  walk.signal.throwIfAborted();
}

async function keepAnswer(walk: Walk, key: string, answer: unknown, query?: Record<string, string>) {
  stillWalking(walk);
  walk.bytes += sizeOf(answer);
  await walk.db.put('answers', { key, answer, query, walk: walk.started });
}

/**
 * One page's families kept, and every family of an earlier walk between the last page's end and
 * this one's gone: the server's list has none there for this member any more.
 */
async function keepPage(walk: Walk, page: ListFamiliesResult, from: string) {
  stillWalking(walk);
  const tx = walk.db.transaction('families', 'readwrite');
  for (const view of page.families) {
    walk.bytes += sizeOf(view);
    void tx.store.put(storedFamily(view, walk.started));
  }
  const passed = page.next ? IDBKeyRange.bound(from, page.next) : IDBKeyRange.lowerBound(from);
  for (let cursor = await tx.store.index('place').openCursor(passed); cursor; cursor = await cursor.continue())
    if (cursor.value.walk !== walk.started) void cursor.delete();
  await tx.done;
  familiesChanged();
}

async function walkFamilies(walk: Walk) {
  let after: string | null = null;
  do {
    const page: ListFamiliesResult = await ask(walk, 'listFamilies', { query: after ? { after } : {} });
    if (after === null) await keepAnswer(walk, 'listFamilies', { canAddFamily: page.canAddFamily });
    await keepPage(walk, page, after ?? '');
    after = page.next;
    // Over budget: the copy keeps the families it has, and none it has not passed (their details may have changed).
    if (after && walk.bytes > ANSWERS_BUDGET_BYTES) {
      await keepPage(walk, { ...page, families: [], next: null }, after);
      break;
    }
  } while (after);
}

async function walkGroups(walk: Walk) {
  const list = await ask(walk, 'listGroups');
  await keepAnswer(walk, 'listGroups', list);
  for (const { groupId } of list.groups) {
    if (walk.bytes > ANSWERS_BUDGET_BYTES) break;
    const roles: GetGroupResult['roles'] = [];
    let page: GetGroupResult;
    let after: string | null = null;
    do {
      page = await ask(walk, 'getGroup', { params: { groupId }, query: after ? { after } : {} });
      roles.push(...page.roles);
      after = page.next;
    } while (after);
    await keepAnswer(walk, `getGroup:${groupId}`, { ...page, roles, next: null });
  }
  // Groups gone (or no longer shown) since the last walk.
  const tx = walk.db.transaction('answers', 'readwrite');
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue())
    if (cursor.value.walk !== walk.started) void cursor.delete();
  await tx.done;
}

/** The photos the copy's answers show, fetched once each (by their link of the moment) and kept by the photo. */
async function walkPhotos(walk: Walk): Promise<number> {
  const families = await walk.db.getAll('families');
  const dashboard = (await walk.db.get('answers', 'getDashboard'))?.answer as
    { anniversaries: { photoUrl: string | null }[] } | undefined;
  const links = new Map<string, string>();
  for (const link of [
    ...families.map((f: { view: FamilyView }) => f.view.photoUrl),
    ...(dashboard?.anniversaries.map((a) => a.photoUrl) ?? []),
  ])
    if (link) links.set(photoOf(link), link);
  // One pass over the kept photos: those no answer shows go, the others count against the budget.
  const kept = new Set<string>();
  let bytes = 0;
  const tx = walk.db.transaction('photos', 'readwrite');
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    if (!links.has(cursor.key)) void cursor.delete();
    else {
      kept.add(cursor.key);
      bytes += cursor.value.blob.size;
    }
  }
  await tx.done;
  const wanted = [...links].filter(([photo]) => !kept.has(photo));
  const fetchNext = async (): Promise<void> => {
    const next = wanted.shift();
    if (!next || bytes > PHOTOS_BUDGET_BYTES || walk.signal.aborted) return;
    const [photo, link] = next;
    try {
      const response = await fetch(link, { signal: walk.signal });
      if (response.ok) {
        const blob = await response.blob();
        stillWalking(walk);
        bytes += blob.size;
        await walk.db.put('photos', { photo, blob, walk: walk.started });
      }
    } catch {
      // Not kept this time: the family shows the blank photo offline until a later walk.
    }
    return fetchNext();
  };
  await Promise.all(Array.from({ length: PHOTO_FETCHES }, fetchNext));
  return bytes;
}

let running: Promise<void> | null = null;

/**
 * Walk the directory for this account, unless its copy is younger than REFRESH_MS. One walk at a
 * time per page; it stops when the signal aborts (the account signed out or the app closed).
 * `claims` are the ID token's, kept for the pages' shape offline.
 */
export function walkDirectory(userId: string, claims: Record<string, unknown>, signal: AbortSignal): Promise<void> {
  running ??= walkOnce(userId, claims, signal).finally(() => (running = null));
  return running;
}

async function walkOnce(userId: string, claims: Record<string, unknown>, signal: AbortSignal) {
  const db = await offlineDb();
  if (!db) return;
  let meta = await readMeta(db);
  // Another account's copy, or what a walk cut short by a sign-out wrote after the wipe.
  if (!meta || meta.userId !== userId) {
    await wipeOfflineDirectory();
    meta = undefined;
  }
  if (meta?.asOf && Date.now() - meta.asOf < REFRESH_MS) return;
  const walk: Walk = { db, started: Date.now(), signal, bytes: 0 };
  const base: OfflineMeta = { userId, asOf: meta?.asOf ?? null, bytes: 0, photoBytes: 0, claims };
  await db.put('meta', { ...base, ...meta, claims }, 'meta');

  const me = await ask(walk, 'getMe');
  // The gate shows the account's page and wipes the copy (features/access).
  if (!me.listed) return;
  await keepAnswer(walk, 'getMe', me);
  const day = dashboardDay();
  await keepAnswer(walk, 'getDashboard', await ask(walk, 'getDashboard', { query: day }), day);
  await walkFamilies(walk);
  await walkGroups(walk);
  const photoBytes = await walkPhotos(walk);
  // A copy wiped meanwhile (signed out in another tab) is not brought back.
  if (signal.aborted || (await readMeta(db))?.userId !== userId) return;
  await db.put('meta', { ...base, asOf: walk.started, bytes: walk.bytes, photoBytes }, 'meta');
}
