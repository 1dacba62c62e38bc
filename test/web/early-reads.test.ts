import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebConfig } from '../../lib/settings';
import { routeFor } from '../../lambdas/routes';
import {
  earlyReadPaths,
  PAGE_CHUNKS_ID,
  preloadPageCode,
  startEarlyReads,
  storedIdToken,
} from '../../web/src/early/earlyReads';
import { buildQuery, callApi } from '../../web/src/lib/api';
import { setConfig } from '../../web/src/lib/config';
import { preconnectPhotos } from '../../web/src/lib/configFile';
import { CARD_PHOTO_SIZES, GRID_PHOTO_SIZES } from '../../web/src/lib/familyPhotoSizes';
import { auth, eventually, jsonResponse, sessionFor, stubFetch } from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

const NOW = new Date(2026, 10, 26, 9, 30);
const NOW_SECONDS = NOW.getTime() / 1000;
const CLIENT = 'client123';

/** A JWT of a proven account of a church, unless `claims` say otherwise (the signature is not read here). */
const jwt = (exp: number, claims: Record<string, unknown> = {}) =>
  `h.${btoa(JSON.stringify({ exp, email_verified: true, 'custom:orgId': 'org-1', ...claims })).replace(/=+$/, '')}.s`;

/** Storage holding one session as Amplify v6 keeps it. */
function amplifySession(exp: number, storage: Storage = window.localStorage): Storage {
  storage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`, 'user-1');
  storage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.user-1.idToken`, jwt(exp));
  storage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.user-1.accessToken`, jwt(exp));
  return storage;
}

/** The URL the app's API client asks for an operation (its path from the manifest, then the query). */
const appUrl = (operation: Parameters<typeof routeFor>[0], query: Record<string, string> = {}) =>
  `${routeFor(operation).path}${buildQuery(query)}`;

beforeEach(() => {
  vi.clearAllMocks();
  window.localStorage.clear();
  delete window.earlyReads;
  auth.fetchAuthSession.mockResolvedValue(sessionFor({}));
  setConfig({
    region: 'r',
    userPoolId: 'p',
    userPoolClientId: CLIENT,
    signInFlow: 'USER_SRP_AUTH',
    apiBase: '',
    mapStyle: '',
  });
});

describe('the early reads', () => {
  it("ask for exactly the URLs the pages' own queries ask for, the caller's record first", () => {
    const me = appUrl('getMe');
    expect(earlyReadPaths('/dashboard', '', NOW)).toEqual([me, appUrl('getDashboard', { month: '11', day: '26' })]);
    expect(earlyReadPaths('/families', '', NOW)).toEqual([me, appUrl('listFamilies')]);
    expect(earlyReadPaths('/families/grid', '?from=m', NOW)).toEqual([me, appUrl('listFamilies', { from: 'M' })]);
    expect(earlyReadPaths('/groups/', '', NOW)).toEqual([me, appUrl('listGroups')]);
  });

  it('start nothing on pages without a first read of their own', () => {
    for (const page of ['/', '/login', '/families/f-1', '/profile', '/nowhere'])
      expect(earlyReadPaths(page, '', NOW), page).toEqual([]);
  });

  it("preload the page's chunks and styles that the built index.html lists for its address, and nothing elsewhere", () => {
    const preloads = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"]')].map(
        (l) =>
          `${l.rel} ${l.getAttribute('as') ?? ''} ${l.getAttribute('crossorigin') ?? '-'} ${l.getAttribute('href')}`,
      );
    document.head.innerHTML = '';
    preloadPageCode(document, '/dashboard');
    expect(preloads()).toEqual([]);

    const list = document.createElement('script');
    list.type = 'application/json';
    list.id = PAGE_CHUNKS_ID;
    list.textContent = JSON.stringify({
      '/dashboard': ['/assets/ListedGate-a.js', '/assets/DashboardPage-b.js', '/assets/views-c.css'],
    });
    document.head.appendChild(list);
    preloadPageCode(document, '/login');
    expect(preloads()).toEqual([]);
    preloadPageCode(document, '/dashboard/');
    expect(preloads()).toEqual([
      'modulepreload  - /assets/ListedGate-a.js',
      'modulepreload  - /assets/DashboardPage-b.js',
      'preload style  /assets/views-c.css',
    ]);
    document.head.innerHTML = '';
  });

  it('use no token the app would not read the directory with: an unproven address, no church', () => {
    const store = (token: string) => {
      window.localStorage.clear();
      window.localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`, 'user-1');
      window.localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.user-1.idToken`, token);
      return window.localStorage;
    };
    const exp = NOW_SECONDS + 3600;
    expect(storedIdToken(store(jwt(exp, { email_verified: 'true' })), NOW_SECONDS)).toBe(
      jwt(exp, { email_verified: 'true' }),
    );
    expect(storedIdToken(store(jwt(exp, { email_verified: false })), NOW_SECONDS)).toBeNull();
    expect(storedIdToken(store(jwt(exp, { 'custom:orgId': '' })), NOW_SECONDS)).toBeNull();
    expect(storedIdToken(store(jwt(exp, { 'custom:orgId': undefined })), NOW_SECONDS)).toBeNull();
  });

  it('use the stored ID token only while it has more than a minute left, and only one session', () => {
    expect(storedIdToken(amplifySession(NOW_SECONDS + 3600), NOW_SECONDS)).toBe(jwt(NOW_SECONDS + 3600));
    window.localStorage.clear();
    expect(storedIdToken(amplifySession(NOW_SECONDS + 30), NOW_SECONDS)).toBeNull();
    window.localStorage.clear();
    expect(storedIdToken(window.localStorage, NOW_SECONDS)).toBeNull();
    amplifySession(NOW_SECONDS + 3600);
    window.localStorage.setItem('CognitoIdentityServiceProvider.other.LastAuthUser', 'user-2');
    expect(storedIdToken(window.localStorage, NOW_SECONDS)).toBeNull();
    window.localStorage.clear();
    window.localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`, 'user-1');
    window.localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.user-1.idToken`, 'not-a-jwt');
    expect(storedIdToken(window.localStorage, NOW_SECONDS)).toBeNull();
  });

  it('are started with the stored token, and signed out nothing is asked', () => {
    const fetchMock = stubFetch(() => jsonResponse(200, {}));
    window.history.replaceState(null, '', '/groups');
    startEarlyReads();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.earlyReads).toBeUndefined();

    amplifySession(Date.now() / 1000 + 3600);
    startEarlyReads();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/me', '/api/groups']);
    const stored = window.localStorage.getItem(`CognitoIdentityServiceProvider.${CLIENT}.user-1.idToken`);
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).get('authorization')).toBe(`Bearer ${stored}`);
  });

  it("connect at once to the photos' origin the app remembered on an earlier visit, signed in or not", () => {
    const preconnects = () =>
      [...document.head.querySelectorAll('link[rel="preconnect"]')].map((link) => link.getAttribute('href'));
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/login');
    startEarlyReads();
    expect(preconnects()).toEqual([]);

    const config: WebConfig = {
      region: 'r',
      userPoolId: 'p',
      userPoolClientId: CLIENT,
      signInFlow: 'USER_SRP_AUTH',
      mapStyle: '',
      apiBase: '',
    };
    preconnectPhotos(
      { ...config, photosOrigin: 'https://photos.example' },
      document.implementation.createHTMLDocument(),
    );
    startEarlyReads();
    expect(preconnects()).toEqual(['https://photos.example']);
    // A stage without a photos' origin forgets it.
    preconnectPhotos(config, document.implementation.createHTMLDocument());
    document.head.innerHTML = '';
    startEarlyReads();
    expect(preconnects()).toEqual([]);
  });

  it("are taken once by the app's API client for the same URL; other calls and later ones go to the network", async () => {
    // The page's first seconds, however long this test process has run.
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    const fetchMock = stubFetch(() => jsonResponse(200, { groups: [], canManage: false, from: 'network' }));
    window.earlyReads = { '/api/groups': Promise.resolve(jsonResponse(200, { groups: [], from: 'early' })) };
    expect(await callApi('listGroups')).toMatchObject({ from: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await callApi('listGroups')).toMatchObject({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    now.mockRestore();
  });

  it('start nothing once the app has asked for itself (the script arrived late)', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { groups: [] }));
    await callApi('listGroups');
    amplifySession(Date.now() / 1000 + 3600);
    window.history.replaceState(null, '', '/groups');
    startEarlyReads();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("ask for the list's and the grid's first-screen photos as the page shows them, and leave the answer to the app", async () => {
    const family = (n: number, photo: boolean) => ({
      familyId: `f-${n}`,
      photoUrl: photo ? `https://photos.example/${n}-list.jpg` : null,
      photoSrcset: photo ? `https://photos.example/${n}-s.jpg 480w, https://photos.example/${n}-m.jpg 960w` : null,
    });
    const answer = { families: [family(1, true), family(2, false), family(3, true), family(4, true)], next: null };
    stubFetch((url) => jsonResponse(200, url === '/api/me' ? { orgId: 'org-1' } : answer));
    const preloads = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) => ({
        href: link.getAttribute('href'),
        srcset: link.getAttribute('imagesrcset'),
        sizes: link.getAttribute('imagesizes'),
        priority: link.getAttribute('fetchpriority'),
      }));
    amplifySession(Date.now() / 1000 + 3600);

    for (const [page, sizes, shown] of [
      ['/families/grid', GRID_PHOTO_SIZES, [1, 3]],
      ['/families', CARD_PHOTO_SIZES, [1]],
    ] as const) {
      document.head.innerHTML = '';
      delete window.earlyReads;
      window.history.replaceState(null, '', page);
      startEarlyReads();
      await eventually(() => expect(preloads(), page).toHaveLength(shown.length));
      expect(preloads()).toEqual(
        shown.map((n) => ({
          href: family(n, true).photoUrl,
          srcset: family(n, true).photoSrcset,
          sizes,
          priority: 'high',
        })),
      );
      // The app still reads the whole answer the early read started.
      expect(await callApi('listFamilies')).toEqual(answer);
    }
    document.head.innerHTML = '';
  });

  it('are asked again by the app when the early one failed on the network', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { groups: [], from: 'network' }));
    window.earlyReads = { '/api/groups': Promise.reject(new TypeError('Failed to fetch')) };
    expect(await callApi('listGroups')).toMatchObject({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
