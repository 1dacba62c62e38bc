/**
 * The browser's photo cache, by photo rather than by link. The server's photo links die within
 * minutes and a new one is signed every few (lambdas/photos/photo-links.ts), so that a photo
 * hidden or replaced is soon unreadable; the browser's HTTP cache is keyed by the whole URL, so a
 * photo shown by the link of the moment would be downloaded again every few minutes. S3 answers
 * each link with a long, private, immutable Cache-Control (the link says how long), so the bytes
 * stay in the cache under the link that loaded them, and they are good even once that link is
 * dead. This remembers, per photo (the link without its signature), the link it was loaded by,
 * and a photo is shown by that link for as long as the cache keeps it.
 *
 * The server still decides: a remembered link is looked up only for a photo the latest answer
 * gives a link to. A photo hidden from the viewer comes with none, so it is never shown again
 * from here (its bytes may be in the cache, as with any page ever shown; no link reads it anew).
 *
 * In localStorage, one item per photo (the early script looks up only the first screen's), at
 * most MAX_KEPT, forgotten when the account changes (lib/auth.tsx). Plain storage, no library:
 * the early script (early/earlyReads.ts) bundles this file.
 */

const PREFIX = 'churchDirectory.photoLink:';
/** Beyond this many photos, the ones remembered longest ago are dropped (a fifth at a time). */
export const MAX_KEPT = 500;

interface Kept {
  url: string;
  /** Until when the cache may answer it without asking S3 (ms). */
  until: number;
}

/** The photo a link reads: its address without the signature. */
export const photoOf = (link: string) => link.split('?')[0]!;

const queryOf = (link: string) => new URLSearchParams(link.includes('?') ? link.slice(link.indexOf('?') + 1) : '');

/** How long the cache keeps what the link answers (its asked-for Cache-Control's max-age), in seconds; 0 for none. */
export function cacheSecondsOf(link: string): number {
  const control = queryOf(link).get('response-cache-control') ?? '';
  return Number(/max-age=(\d+)/.exec(control)?.[1] ?? 0);
}

/** Whether a presigned link is past its end (X-Amz-Date plus X-Amz-Expires); false for any other link. */
export function linkExpired(link: string, now = Date.now()): boolean {
  const query = queryOf(link);
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(query.get('X-Amz-Date') ?? '');
  const expires = Number(query.get('X-Amz-Expires'));
  if (!m || !Number.isFinite(expires)) return false;
  return now > Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) + expires * 1000;
}

/** The browser's storage, or null where there is none (a private window's settings). */
function storage(store?: Storage): Storage | null {
  try {
    return store ?? window.localStorage;
  } catch {
    return null;
  }
}

function read(store: Storage, photo: string): Kept | null {
  try {
    const kept = JSON.parse(store.getItem(PREFIX + photo) ?? 'null') as Kept | null;
    return kept && typeof kept.url === 'string' && typeof kept.until === 'number' ? kept : null;
  } catch {
    return null;
  }
}

/** The link to show a photo by: the one it was loaded by while the cache keeps its bytes, else the one given. */
export function shownLink(link: string, store?: Storage, now = Date.now()): string {
  const s = storage(store);
  const kept = s && read(s, photoOf(link));
  return kept && kept.until > now ? kept.url : link;
}

/** The same for each candidate of a srcset ("url 480w, url 667w"). */
export const shownSrcset = (srcset: string, store?: Storage, now = Date.now()): string =>
  srcset
    .split(', ')
    .map((candidate) => {
      const [link, ...rest] = candidate.split(' ');
      return [shownLink(link!, store, now), ...rest].join(' ');
    })
    .join(', ');

/** The links of a srcset. */
export const srcsetLinks = (srcset: string | null | undefined): string[] =>
  srcset ? srcset.split(', ').map((candidate) => candidate.split(' ')[0]!) : [];

function keys(store: Storage): string[] {
  const found: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) found.push(key);
  }
  return found;
}

/**
 * How many photos the storage holds: counted once per page (and at each drop), then kept up as
 * this page adds; another tab's additions are found at the next drop.
 */
const counts = new WeakMap<Storage, number>();

/** Beyond MAX_KEPT, the fifth remembered longest ago goes. */
function dropOldest(store: Storage): void {
  const all = keys(store);
  if (all.length > MAX_KEPT) {
    const oldest = all
      .map((key) => ({ key, until: read(store, key.slice(PREFIX.length))?.until ?? 0 }))
      .sort((a, b) => a.until - b.until)
      .slice(0, Math.ceil(MAX_KEPT / 5));
    for (const { key } of oldest) store.removeItem(key);
  }
  counts.set(store, keys(store).length);
}

/**
 * The photo was loaded by this link: shown by it from now on, while the cache keeps it. A photo
 * already remembered keeps its first link (its bytes are cached under that one).
 */
export function rememberLink(link: string, store?: Storage, now = Date.now()): void {
  const s = storage(store);
  const seconds = cacheSecondsOf(link);
  if (!s || seconds <= 0) return;
  const photo = photoOf(link);
  const kept = read(s, photo);
  if (kept && kept.until > now) return;
  try {
    s.setItem(PREFIX + photo, JSON.stringify({ url: link, until: now + seconds * 1000 } satisfies Kept));
    const known = counts.get(s);
    const count = known === undefined ? keys(s).length : known + (kept ? 0 : 1);
    counts.set(s, count);
    if (count > MAX_KEPT) dropOldest(s);
  } catch {
    // Storage full or refused: the photo is shown by the server's links, downloaded again later.
  }
}

/** These links' photos are no longer in the cache (a remembered link failed): shown by the server's links again. */
export function forgetLinks(links: readonly string[], store?: Storage): void {
  const s = storage(store);
  if (!s) return;
  for (const link of links) s.removeItem(PREFIX + photoOf(link));
  counts.delete(s);
}

/** Every photo forgotten: the account changed, and what it looked at is not the next one's business. */
export function forgetAllLinks(store?: Storage): void {
  const s = storage(store);
  if (!s) return;
  for (const key of keys(s)) s.removeItem(key);
  counts.delete(s);
}

/** Told by a photo whose server link died before it loaded (a page left open): the page's reads are asked again. */
export const LINKS_EXPIRED = 'photo-links-expired';
