/**
 * The first API reads of a signed-in page, started by a small script of their own (index.html, made
 * by vite.config.ts's earlyReads plugin) as soon as the page's HTML arrives, instead of after the
 * app's code has downloaded, configured Amplify and run the route's loader: one or two hundred
 * milliseconds on a phone's connection, several round trips in all. The app's API client takes the
 * answer when it asks for the very same URL (takeEarlyRead in lib/api.ts); an answer it never
 * asks for is dropped.
 *
 * The family list and grid also ask for their first screen's photos the moment the list's answer
 * arrives, while the app's code may still be on its way: on a phone the first photo is the page's
 * largest paint.
 *
 * It must stay a file of its own: it imports nothing but constants and plain DOM and storage
 * helpers, so its bundle is a few KB that need no other chunk. Which URLs it asks for is tested against the app's own queries
 * (test/web/early-reads.test.ts).
 */
import { CARD_PHOTO_SIZES, GRID_FIRST_ROW, GRID_PHOTO_SIZES } from '../lib/familyPhotoSizes';
import { preconnect, rememberedPhotosOrigin } from '../lib/configFile';
import { shownLink, shownSrcset } from '../lib/photoLinks';

/** Where Amplify v6 keeps a signed-in session in localStorage (its TokenStore's keys). */
const SESSION_PREFIX = 'CognitoIdentityServiceProvider.';
/** A token this close to its end is left to Amplify, which refreshes it first. */
const FRESH_FOR_SECONDS = 60;

/** The layout every directory page sits in (routes.tsx): its code comes with each page's. */
const DIRECTORY_LAYOUT = 'features/access/ListedGate';

const familiesRead = (search: URLSearchParams) => {
  const from = search.get('from')?.toUpperCase();
  return from ? `/api/families?from=${encodeURIComponent(from)}` : '/api/families';
};

/** The photos on a page's first screen: the first `count` of its read's families, shown at `sizes`. */
interface FirstPhotos {
  sizes: string;
  count: number;
}

interface EarlyPage {
  code: string[];
  read: (search: URLSearchParams, now: Date) => string;
  photos?: FirstPhotos;
}

/**
 * The pages started early, by address: the modules of their code under web/src (their chunks are
 * preloaded, see earlyPageChunks in web/earlyReadsScript.ts), the page's own first read, and the
 * photos of that read which the page loads at once.
 */
export const EARLY_PAGES: Record<string, EarlyPage> = {
  '/dashboard': {
    code: [DIRECTORY_LAYOUT, 'features/dashboard/DashboardPage'],
    // The browser's own month and day, as the dashboard's query sends them.
    read: (_search, now) => `/api/dashboard?month=${now.getMonth() + 1}&day=${now.getDate()}`,
  },
  '/families': {
    code: [DIRECTORY_LAYOUT, 'features/families/FamiliesPage'],
    read: familiesRead,
    photos: { sizes: CARD_PHOTO_SIZES, count: 1 },
  },
  '/families/grid': {
    code: [DIRECTORY_LAYOUT, 'features/families/FamiliesPage'],
    read: familiesRead,
    photos: { sizes: GRID_PHOTO_SIZES, count: GRID_FIRST_ROW },
  },
  '/groups': { code: [DIRECTORY_LAYOUT, 'features/groups/GroupsPage'], read: () => '/api/groups' },
};

/**
 * Asks for the first screen's photos of a family list's answer: the same URL, srcset and sizes the
 * page's img then has (the links it loaded them by before, while the cache keeps them:
 * lib/photoLinks.ts), so the browser takes the one it loaded. A copy of the answer is read; the
 * app reads the answer itself.
 */
export async function preloadFirstPhotos(doc: Document, read: Promise<Response>, photos: FirstPhotos): Promise<void> {
  const answer = (await (await read).clone().json()) as {
    families?: { photoUrl?: string | null; photoSrcset?: string | null }[];
  };
  for (const { photoUrl, photoSrcset } of answer.families?.slice(0, photos.count) ?? []) {
    if (!photoUrl) continue;
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'image');
    link.href = shownLink(photoUrl);
    if (photoSrcset) {
      link.setAttribute('imagesrcset', shownSrcset(photoSrcset));
      link.setAttribute('imagesizes', photos.sizes);
    }
    link.setAttribute('fetchpriority', 'high');
    doc.head.appendChild(link);
  }
}

/** An address as the table names it: no trailing slash. */
const pagePath = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');

/** What a page's loaders read first, by the page's address: the caller's record, then the page's own. */
export function earlyReadPaths(pathname: string, search: string, now: Date): string[] {
  const page = EARLY_PAGES[pagePath(pathname)];
  return page ? ['/api/me', page.read(new URLSearchParams(search), now)] : [];
}

/** The id of the element in index.html that lists each early page's chunks (JSON: address to URLs). */
export const PAGE_CHUNKS_ID = 'early-page-chunks';

/**
 * Asks the browser for the page's code and styles now, beside the app's first-load script, not after
 * it has run. The styles are only fetched: the app applies them (Vite's stylesheet link, with the
 * same CORS mode, finds them in the cache) when it imports the page.
 */
export function preloadPageCode(doc: Document, pathname: string): void {
  const listed = doc.getElementById(PAGE_CHUNKS_ID)?.textContent;
  if (!listed) return;
  const chunks = (JSON.parse(listed) as Record<string, string[] | undefined>)[pagePath(pathname)] ?? [];
  for (const href of chunks) {
    const link = doc.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.setAttribute('as', 'style');
      link.crossOrigin = '';
    } else link.rel = 'modulepreload';
    link.href = href;
    doc.head.appendChild(link);
  }
}

/**
 * The ID token of the one session stored, while it is fresh and may read the directory (the app's
 * own rule, mayReadDirectory in lib/auth.tsx: a proven address and a church); otherwise nothing.
 */
export function storedIdToken(storage: Storage, nowSeconds: number): string | null {
  const users = Object.keys(storage).filter((key) => key.startsWith(SESSION_PREFIX) && key.endsWith('.LastAuthUser'));
  if (users.length !== 1) return null;
  const client = users[0]!.slice(SESSION_PREFIX.length, -'.LastAuthUser'.length);
  const token = storage.getItem(`${SESSION_PREFIX}${client}.${storage.getItem(users[0]!) ?? ''}.idToken`);
  const claims = token ? claimsOf(token) : null;
  if (!claims || typeof claims.exp !== 'number' || claims.exp - FRESH_FOR_SECONDS <= nowSeconds) return null;
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const mayRead = verified && typeof claims['custom:orgId'] === 'string' && claims['custom:orgId'] !== '';
  return mayRead ? token : null;
}

function claimsOf(token: string): Record<string, unknown> | null {
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(payload));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The reads started, by URL: the app's API client takes each once. */
export interface EarlyReads {
  [url: string]: Promise<Response> | undefined;
}

declare global {
  interface Window {
    earlyReads?: EarlyReads;
  }
}

/**
 * Starts loading the page's code, connecting to the photos' origin an earlier visit remembered,
 * and the page's first reads with the stored session if there is a fresh one.
 */
export function startEarlyReads(): void {
  // The app got here first (a slow network, a cached app): it is already asking for itself.
  if (window.earlyReads) return;
  preconnect(rememberedPhotosOrigin(window.localStorage));
  startReads();
  // The page's code after its reads: over HTTP/1.1 the browser gives its six connections to
  // requests in the order they come, and the reads, with the photos they name, are the longer chain.
  preloadPageCode(document, location.pathname);
}

/** The page's first reads with the stored session, and the first photos its answer names. */
function startReads(): void {
  const token = storedIdToken(window.localStorage, Date.now() / 1000);
  if (!token) return;
  const reads: EarlyReads = {};
  const paths = earlyReadPaths(location.pathname, location.search, new Date());
  for (const path of paths) {
    const read = fetch(path, { headers: { accept: 'application/json', authorization: `Bearer ${token}` } });
    // Unclaimed or failed, it is the app's own request that counts: nothing to report here.
    read.catch(() => undefined);
    reads[path] = read;
  }
  window.earlyReads = reads;
  // The page's own read is the last; its photos are asked for before the app can take its answer.
  const photos = EARLY_PAGES[pagePath(location.pathname)]?.photos;
  const pageRead = reads[paths[paths.length - 1] ?? ''];
  if (photos && pageRead) preloadFirstPhotos(document, pageRead, photos).catch(() => undefined);
}
