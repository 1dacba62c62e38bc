/**
 * The offline copy (web/src/offline) against a server stand-in behind fetch and IndexedDB
 * (fake-indexeddb): the walk keeps what the server answers and drops what it no longer answers;
 * offline, the reads are answered from the copy in the server's shapes (pages cut by the
 * families' places, both ways and from a letter; search by the server's rule; a member by its
 * family; a group whole, or on from a pointer of the server's), a read it does not hold and every
 * write are refused with their messages, and another account's copy answers nothing; the claims
 * the walk kept shape the pages when the token cannot be refreshed offline.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FamilyView, ListFamiliesResult, SearchDirectoryResult } from '../../lambdas/contract/api';
import { sortKeyOf } from '../../lambdas/contract/names';
import { callApi, NETWORK_ERROR_MESSAGE, OFFLINE_CHANGE_MESSAGE } from '../../web/src/lib/api';
import { meQuery } from '../../web/src/api/queries';
import { readAuthState } from '../../web/src/lib/auth';
import { ME_KEY } from '../../web/src/lib/queryClient';
import { NOT_KEPT_OFFLINE, OFFLINE_PAGE } from '../../web/src/offline/answers';
import { offlineDb, wipeOfflineDirectory } from '../../web/src/offline/db';
import { copyShownAsOf } from '../../web/src/offline/status';
import { walkDirectory } from '../../web/src/offline/walk';
import { auth, jsonResponse, sessionFor, stubFetch } from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

const SURNAMES = ['Adams', 'Brown', 'Chen', 'Dubois', 'García', 'Haddad', 'Kim', 'Okafor', 'Patel', 'Rossi'];
/** A server page: fewer families than the copy's offline page, so the walk takes several. */
const SERVER_PAGE = 7;

const family = (i: number): FamilyView => ({
  familyId: `f${String(i).padStart(3, '0')}`,
  surname: `${SURNAMES[i % SURNAMES.length]}${Math.floor(i / SURNAMES.length) || ''}`,
  street: `${i} Oak Street`,
  city: 'Raleigh',
  state: 'NC',
  zipcode: '27601',
  phone: '919-555-0100',
  anniversary: null,
  photoUrl: null,
  photoSrcset: null,
  photoSize: null,
  version: 1,
  canEdit: i === 0,
  privacy: null,
  members: [
    {
      memberId: `m${i}`,
      familyId: `f${String(i).padStart(3, '0')}`,
      surname: '',
      name: i === 3 ? 'Zebedee' : 'Ruth',
      cellphone: null,
      email: null,
      birthday: null,
      version: 1,
      privacy: null,
    } as unknown as FamilyView['members'][number],
  ],
});

const CLAIMS = { sub: 'u1', email: 'ruth@example.org', email_verified: true, 'custom:orgId': 'o1' };

const placeOf = (f: FamilyView) => `${sortKeyOf(f.surname)}#${f.familyId}`;

/** The server's directory for this viewer, in its order, and its answers. */
let directory: FamilyView[];

function serverPage(after: string | null): ListFamiliesResult {
  const start = after ? directory.findIndex((f) => placeOf(f) > after) : 0;
  const families = start < 0 ? [] : directory.slice(start, start + SERVER_PAGE);
  const last = families.at(-1);
  const more = start >= 0 && start + SERVER_PAGE < directory.length;
  return { families, canAddFamily: false, next: more && last ? placeOf(last) : null, previous: null };
}

function server(url: string): Response {
  if (!navigator.onLine) throw new TypeError('Failed to fetch');
  const { pathname, searchParams } = new URL(url, 'https://app.example.org');
  if (pathname === '/api/me')
    return jsonResponse(200, { userId: 'u1', orgId: 'o1', listed: true, memberId: 'm0', familyId: 'f000' });
  if (pathname === '/api/dashboard') return jsonResponse(200, { month: 11, anniversaries: [], birthdays: [] });
  if (pathname === '/api/families') return jsonResponse(200, serverPage(searchParams.get('after')));
  if (pathname === '/api/groups')
    return jsonResponse(200, { groups: [{ groupId: 'g1', groupName: 'Choir', memberCount: 1 }], canManage: false });
  if (pathname === '/api/groups/g1') {
    const after = searchParams.get('after');
    const role = (id: string) => ({ memberId: id, familyId: 'f000', memberName: id, label: null, cDate: '' });
    return jsonResponse(200, {
      group: { groupId: 'g1', groupName: 'Choir', memberCount: 2 },
      roles: [role(after ? 'm1' : 'm0')],
      // The server's pointer: the last role's place (its name's sort key and its member).
      next: after ? null : 'm0#m0',
      canManage: false,
    });
  }
  return jsonResponse(404, { error: { code: 'not-found', message: 'Not found' } });
}

const online = (on: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => on });

async function walk() {
  // The copy is not walked again within minutes of the last: make the last old.
  const db = (await offlineDb())!;
  const meta = await db.get('meta', 'meta');
  if (meta?.asOf) await db.put('meta', { ...meta, asOf: 1 }, 'meta');
  await walkDirectory('u1', CLAIMS, new AbortController().signal);
}

beforeEach(async () => {
  vi.clearAllMocks();
  auth.fetchAuthSession.mockResolvedValue(sessionFor({}));
  auth.getCurrentUser.mockResolvedValue({ userId: 'u1' });
  directory = Array.from({ length: 40 }, (_, i) => family(i)).sort((a, b) => placeOf(a).localeCompare(placeOf(b)));
  stubFetch(server);
  online(true);
  await wipeOfflineDirectory();
  await walk();
  online(false);
});

afterEach(() => online(true));

describe('the offline copy', () => {
  it('answers the family list a page at a time, both ways and from a letter, in the server’s order', async () => {
    const first = await callApi('listFamilies');
    expect(first.families.map((f) => f.familyId)).toEqual(directory.slice(0, OFFLINE_PAGE).map((f) => f.familyId));
    expect(first.previous).toBeNull();
    const second = await callApi('listFamilies', { query: { after: first.next! } });
    expect(second.families.map((f) => f.familyId)).toEqual(directory.slice(OFFLINE_PAGE).map((f) => f.familyId));
    expect(second.next).toBeNull();
    const back = await callApi('listFamilies', { query: { before: second.previous! } });
    expect(back.families).toEqual(first.families);
    const fromK = await callApi('listFamilies', { query: { from: 'K' } });
    expect(fromK.families[0]!.surname).toMatch(/^Kim/);
    expect(fromK.previous).toBe(placeOf(fromK.families[0]!));
    // A pointer of the server's (a page read online, then the network lost) goes on from its place.
    const serverNext = serverPage(null).next!;
    const onFromServer = await callApi('listFamilies', { query: { after: serverNext } });
    expect(onFromServer.families[0]).toEqual(directory[SERVER_PAGE]);
    expect(copyShownAsOf()).toBeGreaterThan(0);
  });

  it('finds families by the server’s rule, and a member by its family', async () => {
    const found: SearchDirectoryResult = await callApi('searchDirectory', { query: { q: 'zeb' } });
    expect(found.families.map((f) => f.familyId)).toEqual(['f003']);
    expect((await callApi('searchDirectory', { query: { q: 'garcia' } })).families.length).toBe(4);
    const member = await callApi('getMember', { params: { memberId: 'm0' } });
    expect(member).toMatchObject({ member: { memberId: 'm0' }, canEdit: true });
    const group = await callApi('getGroup', { params: { groupId: 'g1' } });
    expect(group.roles.map((r) => r.memberId)).toEqual(['m0', 'm1']);
    expect(group.next).toBeNull();
    // "More" on a first page read online goes on from the server's pointer.
    const rest = await callApi('getGroup', { params: { groupId: 'g1' }, query: { after: 'm0#m0' } });
    expect(rest.roles.map((r) => r.memberId)).toEqual(['m1']);
  });

  it('refuses what it does not hold, and every change', async () => {
    await expect(callApi('getFamily', { params: { familyId: 'nope' } })).rejects.toThrow(NOT_KEPT_OFFLINE);
    await expect(callApi('updateFamily', { params: { familyId: 'f000' }, body: { surname: 'Adams' } })).rejects.toThrow(
      OFFLINE_CHANGE_MESSAGE,
    );
    await expect(callApi('getFamily', { params: { familyId: 'f000' } })).resolves.toBeDefined();
  });

  it('keeps only what the server answers now: a hidden detail and a family gone are dropped', async () => {
    online(true);
    directory = directory
      .filter((f) => f.familyId !== 'f010')
      .map((f) => (f.familyId === 'f001' ? { ...f, phone: null } : f));
    await walk();
    online(false);
    await expect(callApi('getFamily', { params: { familyId: 'f010' } })).rejects.toThrow(NOT_KEPT_OFFLINE);
    expect((await callApi('getFamily', { params: { familyId: 'f001' } })).family.phone).toBeNull();
    const db = (await offlineDb())!;
    expect(await db.count('families')).toBe(39);
  });

  it('gives the pages their shape offline when the token can no longer be refreshed', async () => {
    auth.fetchAuthSession.mockRejectedValue(Object.assign(new Error('offline'), { name: 'NetworkError' }));
    const state = await readAuthState(false);
    expect(state).toMatchObject({
      currentUser: { userId: 'u1' },
      userOrgId: 'o1',
      emailVerified: true,
      claimsError: false,
    });
    online(true);
    expect(await readAuthState(false)).toMatchObject({ claimsError: true, userOrgId: '' });
  });

  it('starts its walk from the account the gate read, by the key the query layer gives it', () => {
    expect(meQuery().queryKey).toEqual(ME_KEY);
  });

  it('answers nothing to another account', async () => {
    auth.getCurrentUser.mockResolvedValue({ userId: 'u2' });
    await expect(callApi('getFamily', { params: { familyId: 'f000' } })).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });
});
