/**
 * The app's offline copy of the directory, in IndexedDB (idb): the server's answers to this
 * account, as they came, and nothing else. Families are kept one record each (their views as
 * listFamilies answered them, in the list's order), so that a family, a member, a page of the list
 * and a search can each be answered from them offline; the other reads (the account, the
 * dashboard, the groups and each group's members) are kept as their whole answers; photos as
 * their bytes, by the photo (the link without its signature: links die within minutes).
 *
 * Not TanStack Query's persister: it keeps the queries asked for, while offline reading needs the
 * families no query has asked for yet (a page never opened, a search never typed).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { FamilyView } from '@contract/api';
import { sortKeyOf } from '@contract/names';

export interface StoredFamily {
  familyId: string;
  /** The family's place in the list, as the server names it (`sortKey#familyId`): pages are cut by it. */
  place: string;
  memberIds: string[];
  view: FamilyView;
  /** The walk that stored it (its start, ms): a later walk drops what it no longer finds. */
  walk: number;
}

export interface StoredAnswer {
  /** The read and what it named: 'getMe', 'getDashboard', 'listGroups', 'getGroup:<id>'. */
  key: string;
  answer: unknown;
  /** The query it answered (the dashboard's month and day). */
  query?: Record<string, string>;
  walk: number;
}

export interface StoredPhoto {
  /** The photo: its link without the signature. */
  photo: string;
  blob: Blob;
  walk: number;
}

/** What the walk learnt of the account: whose the copy is, from when, and the claims that shape the pages offline. */
export interface OfflineMeta {
  userId: string;
  /** When the last whole walk started (ms): the copy is the directory as of then. Null until one ends. */
  asOf: number | null;
  /** The copy's size in bytes: the answers as JSON, the photos as stored. */
  bytes: number;
  photoBytes: number;
  /** The ID token's claims at the walk, for the pages' shape when the token cannot be refreshed offline. */
  claims: Record<string, unknown>;
}

interface OfflineSchema extends DBSchema {
  families: { key: string; value: StoredFamily; indexes: { place: string; member: string } };
  answers: { key: string; value: StoredAnswer };
  photos: { key: string; value: StoredPhoto };
  meta: { key: 'meta'; value: OfflineMeta };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const NAME = 'churchDirectory.offline';
const STORES = ['families', 'answers', 'photos', 'meta'] as const;

let opened: Promise<OfflineDb> | null = null;

/** The database, opened once per page; null where the browser has no IndexedDB (a private window's settings). */
export async function offlineDb(): Promise<OfflineDb | null> {
  if (typeof indexedDB === 'undefined') return null;
  opened ??= openDB<OfflineSchema>(NAME, 1, {
    upgrade(db) {
      const families = db.createObjectStore('families', { keyPath: 'familyId' });
      families.createIndex('place', 'place', { unique: true });
      families.createIndex('member', 'memberIds', { multiEntry: true });
      db.createObjectStore('answers', { keyPath: 'key' });
      db.createObjectStore('photos', { keyPath: 'photo' });
      db.createObjectStore('meta');
    },
    // Another tab opened a newer version: let it, and open afresh next time.
    blocking() {
      void opened?.then((db) => db.close());
      opened = null;
    },
  });
  try {
    return await opened;
  } catch {
    opened = null;
    return null;
  }
}

/** A family's place in the list: how the server names it in its page pointers. */
export const placeOf = (view: Pick<FamilyView, 'surname' | 'familyId'>) =>
  `${sortKeyOf(view.surname)}#${view.familyId}`;

export const storedFamily = (view: FamilyView, walk: number): StoredFamily => ({
  familyId: view.familyId,
  place: placeOf(view),
  memberIds: view.members.map((m) => m.memberId),
  view,
  walk,
});

/**
 * Every stored family in the list's order, read once for the page's life (a search checks them
 * all: one read of 10,000 views takes most of a second) until the copy changes.
 */
let everyFamily: Promise<StoredFamily[]> | null = null;

export function allFamilies(db: OfflineDb): Promise<StoredFamily[]> {
  everyFamily ??= db.getAllFromIndex('families', 'place');
  return everyFamily;
}

/** The copy's families changed (a walk's page, a wipe): the next search reads them again. */
export function familiesChanged(): void {
  everyFamily = null;
}

export async function readMeta(db: OfflineDb): Promise<OfflineMeta | undefined> {
  return db.get('meta', 'meta');
}

/** The ID token's claims the last walk kept for this account, if its copy is whole. */
export async function claimsKeptFor(userId: string): Promise<Record<string, unknown> | null> {
  const db = await offlineDb();
  const meta = db && (await readMeta(db));
  return meta?.asOf && meta.userId === userId ? meta.claims : null;
}

/**
 * Everything forgotten: at sign-out, at a change of account, when the church no longer lists the
 * account, and before a copy of another account is read.
 */
export async function wipeOfflineDirectory(): Promise<void> {
  const db = await offlineDb();
  if (!db) return;
  const tx = db.transaction(STORES, 'readwrite');
  await Promise.all([...STORES.map((store) => tx.objectStore(store).clear()), tx.done]);
  familiesChanged();
}
