/**
 * Tenant isolation with real ids: an administrator of another church calls every route that
 * takes an id (in the path, the body or the query string) with this church's real ids, alone
 * and mixed with ids of its own church. Each call is refused or acts on the caller's own church
 * only; its answer carries none of this church's ids or names; and this church's table items and
 * S3 objects are byte-identical afterwards (when refused, the whole table and both buckets are).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../../lambdas/routes';
import { call } from '../support/api';
import {
  addFamilyVia,
  createAccountIn,
  createChurch,
  snapshotChurches,
  snapshotObjects,
  snapshotStorage,
  snapshotTable,
  signUpAndJoin,
  unique,
  type Church,
} from '../support/fixtures';
import { uploadNewFamilyPhoto } from '../support/upload';
import type { Request } from './rules';
import { churchBooksPrefix } from '../../lambdas/book/bookKeys';

interface Tenant {
  church: Church;
  surname: string;
  familyId: string;
  familyVersion: number;
  memberId: string;
  memberEmail: string;
  groupId: string;
  userId: string;
  photo: string;
}

/** A church with a photographed family, a member with an e-mail in a group, and a second account. */
async function tenant(): Promise<Tenant> {
  const church = await createChurch();
  const surname = unique('Isolated');
  const { photo, requestKey } = await uploadNewFamilyPhoto(church.adminToken);
  const family = await addFamilyVia(church.adminToken, { surname, photo }, requestKey);
  const memberEmail = `${unique('kept')}@example.org`;
  const member = await call<{ id: string }>('addMember', {
    token: church.adminToken,
    body: { familyId: family.familyId, name: 'Kept', email: memberEmail },
  });
  const group = await call<{ groupId: string }>('addGroup', {
    token: church.adminToken,
    body: { groupName: unique('Choir') },
  });
  await call('addRole', {
    token: church.adminToken,
    params: { groupId: group.body.groupId },
    body: { memberId: member.body.id, label: 'Alto' },
  });
  const account = await createAccountIn(church.orgId);
  const current = await call<{ family: { version: number } }>('getFamily', {
    token: church.adminToken,
    params: { familyId: family.familyId },
  });
  return {
    church,
    surname,
    familyId: family.familyId,
    familyVersion: current.body.family.version,
    memberId: member.body.id,
    memberEmail,
    groupId: group.body.groupId,
    userId: account.userId,
    photo,
  };
}

/** Everything of one church: its partition's items (and their index entries) and its S3 objects. */
async function churchSnapshot(orgId: string): Promise<string> {
  const table = (JSON.parse(await snapshotTable()) as string[]).filter((item) => item.includes(orgId));
  const objects = (await snapshotObjects()).split('\n').filter((line) => line.includes(orgId));
  return JSON.stringify({ table, objects });
}

type Case = [
  label: string,
  operation: Operation,
  request: (mine: Tenant, theirs: Tenant) => Request,
  statuses: number[],
];

/** mine: the caller's church (another church's admin); theirs: the church whose ids it uses. */
const cases: Case[] = [
  ['getFamily: their family in the path', 'getFamily', (_m, t) => ({ params: { familyId: t.familyId } }), [404]],
  ['getMember: their member in the path', 'getMember', (_m, t) => ({ params: { memberId: t.memberId } }), [404]],
  [
    'updateFamily: their family in the path',
    'updateFamily',
    (_m, t) => ({ params: { familyId: t.familyId }, body: { surname: 'Taken', version: t.familyVersion } }),
    [404],
  ],
  [
    'updateFamily: my family with their photo in the body',
    'updateFamily',
    (m, t) => ({
      params: { familyId: m.familyId },
      body: { surname: m.surname, photo: t.photo, version: m.familyVersion },
    }),
    [400, 404],
  ],
  ['deleteFamily: their family in the path', 'deleteFamily', (_m, t) => ({ params: { familyId: t.familyId } }), [404]],
  [
    'addMember: their family in the body',
    'addMember',
    (_m, t) => ({ body: { familyId: t.familyId, name: 'Intruder' } }),
    [404],
  ],
  [
    'addMember: my family, their orgId and their member e-mail in the body',
    'addMember',
    (m, t) => ({ body: { familyId: m.familyId, name: 'Copy', email: t.memberEmail, orgId: t.church.orgId } }),
    [200],
  ],
  [
    'updateMember: their member in the path',
    'updateMember',
    (_m, t) => ({ params: { memberId: t.memberId }, body: { name: 'Taken', version: 1 } }),
    [404],
  ],
  ['deleteMember: their member in the path', 'deleteMember', (_m, t) => ({ params: { memberId: t.memberId } }), [404]],
  [
    'createPhotoUpload: their family in the body',
    'createPhotoUpload',
    (_m, t) => ({ body: { contentType: 'image/jpeg', size: 1000, familyId: t.familyId } }),
    [404],
  ],
  [
    'addGroup: their orgId in the body',
    'addGroup',
    (_m, t) => ({ body: { groupName: unique('Mine'), orgId: t.church.orgId } }),
    [200],
  ],
  ['deleteGroup: their group in the path', 'deleteGroup', (_m, t) => ({ params: { groupId: t.groupId } }), [404]],
  [
    'addRole: their group, my member',
    'addRole',
    (m, t) => ({ params: { groupId: t.groupId }, body: { memberId: m.memberId, label: 'Spy' } }),
    [404],
  ],
  [
    'addRole: my group, their member',
    'addRole',
    (m, t) => ({ params: { groupId: m.groupId }, body: { memberId: t.memberId, label: 'Spy' } }),
    [404],
  ],
  ['getGroup: their group', 'getGroup', (_m, t) => ({ params: { groupId: t.groupId } }), [404]],
  [
    'getGroup: their group, a place in its members',
    'getGroup',
    (_m, t) => ({ params: { groupId: t.groupId }, query: `after=${encodeURIComponent(`a#${t.memberId}`)}` }),
    [404],
  ],
  [
    'deleteRole: their group and member',
    'deleteRole',
    (_m, t) => ({ params: { groupId: t.groupId, memberId: t.memberId } }),
    [404],
  ],
  [
    'deleteRole: my group, their member',
    'deleteRole',
    (m, t) => ({ params: { groupId: m.groupId, memberId: t.memberId } }),
    [404],
  ],
  [
    'setUserAdminClaim: their user in the path',
    'setUserAdminClaim',
    (_m, t) => ({ params: { userId: t.userId }, body: { setAdminStatus: true } }),
    [404],
  ],
  ['deleteUserAuth: their user in the path', 'deleteUserAuth', (_m, t) => ({ params: { userId: t.userId } }), [404]],
  [
    'listFamilies: their orgId in the query',
    'listFamilies',
    (_m, t) => ({ query: `orgId=${t.church.orgId}` }),
    [200, 400],
  ],
  [
    'getDashboard: their orgId in the query',
    'getDashboard',
    (_m, t) => ({ query: `month=11&orgId=${t.church.orgId}` }),
    [200, 400],
  ],
  ['listGroups: their orgId in the query', 'listGroups', (_m, t) => ({ query: `orgId=${t.church.orgId}` }), [200, 400]],
  ['listUsers: their orgId in the query', 'listUsers', (_m, t) => ({ query: `orgId=${t.church.orgId}` }), [200, 400]],
  ['getMe: their orgId in the query', 'getMe', (_m, t) => ({ query: `orgId=${t.church.orgId}` }), [200, 400]],
  [
    'deleteAllDataForOrganization: their orgId in the body',
    'deleteAllDataForOrganization',
    (_m, t) => ({ body: { orgId: t.church.orgId } }),
    [403],
  ],
  [
    'startIntegrityReport: their orgId in the body',
    'startIntegrityReport',
    (_m, t) => ({ body: { orgId: t.church.orgId } }),
    [403],
  ],
  ['getAllOrganizations: as another church', 'getAllOrganizations', () => ({}), [403]],
  [
    'getDirectoryBook: their orgId in the query',
    'getDirectoryBook',
    (_m, t) => ({ query: `orgId=${t.church.orgId}` }),
    [200, 400],
  ],
  // Last: a start runs a job in the background (the caller's own church's book, awaited below).
  [
    'startDirectoryBook: their orgId in the body',
    'startDirectoryBook',
    (_m, t) => ({ body: { orgId: t.church.orgId } }),
    [200, 400],
  ],
];

describe('another church’s administrator using this church’s real ids', () => {
  let mine: Tenant;
  let theirs: Tenant;
  beforeAll(async () => {
    [mine, theirs] = await Promise.all([tenant(), tenant()]);
  });

  /** Anything that would identify the other church's records in an answer. */
  const secrets = () => [
    theirs.church.orgId,
    theirs.familyId,
    theirs.memberId,
    theirs.groupId,
    theirs.userId,
    theirs.surname,
    theirs.photo,
    theirs.church.adminEmail,
  ];

  it.each(cases)('%s', async (_label, operation, request, statuses) => {
    const theirsBefore = await churchSnapshot(theirs.church.orgId);
    const everythingBefore = await snapshotStorage();
    const answer = await call(operation, { token: mine.church.adminToken, ...request(mine, theirs) });
    expect(statuses, JSON.stringify(answer.body)).toContain(answer.status);
    const text = JSON.stringify(answer.body);
    for (const secret of secrets()) expect(text).not.toContain(secret);
    if (answer.status >= 400) expect(await snapshotStorage()).toBe(everythingBefore);
    expect(await churchSnapshot(theirs.church.orgId)).toBe(theirsBefore);
  });

  it('a book started with their orgId is the caller’s own church’s, and theirs stays unmade', async () => {
    await call('startDirectoryBook', { token: mine.church.adminToken, body: { orgId: theirs.church.orgId } });
    type Book = { status: string; url: string | null } | null;
    let book: Book = null;
    for (let i = 0; i < 400; i++) {
      book = (await call<{ book: Book }>('getDirectoryBook', { token: mine.church.adminToken })).body.book;
      if (book?.status !== 'RUNNING') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    if (book) {
      expect(book.status).toBe('SUCCEEDED');
      expect(decodeURIComponent(book.url!)).toContain(churchBooksPrefix(mine.church.orgId));
    }
    const theirBook = await call<{ book: unknown }>('getDirectoryBook', { token: theirs.church.adminToken });
    expect(theirBook.body.book).toBeNull();
  });

  it('a book setting sent with their orgId is the caller’s own church’s, and theirs stays unset', async () => {
    const answer = await call('setBookSettings', {
      token: mine.church.adminToken,
      body: { orgId: theirs.church.orgId, paper: 'a4', photos: false },
    });
    if (answer.status !== 200) return expect(answer.status).toBe(400);
    const read = async (token: string) =>
      (await call<{ settings: unknown }>('getDirectoryBook', { token })).body.settings;
    expect(await read(mine.church.adminToken)).toEqual({ paper: 'a4', photos: false, cover: null });
    expect(await read(theirs.church.adminToken)).toBeNull();
  });

  it('linking an account never reaches a member of another church holding the same address', async () => {
    // Their church holds a member with the e-mail of an account of mine.
    const email = `${unique('shared')}@example.org`;
    await call('addMember', {
      token: theirs.church.adminToken,
      body: { familyId: theirs.familyId, name: 'Twin', email },
    });
    const account = await createAccountIn(mine.church.orgId, { email });
    const theirsBefore = await churchSnapshot(theirs.church.orgId);
    const answer = await call<{ linked: boolean }>('addClaimCreds', { token: account.token });
    expect(answer.status).toBe(200);
    expect(answer.body.linked).toBe(false);
    const me = await call('getMe', { token: account.token });
    for (const secret of secrets()) expect(JSON.stringify(me.body)).not.toContain(secret);
    expect(await churchSnapshot(theirs.church.orgId)).toBe(theirsBefore);
  });

  it('signing up with their orgId and an address only my church holds is refused once proven, and nothing is written', async () => {
    const before = [await snapshotChurches(), await snapshotObjects()];
    // The first step answers every address alike and writes nothing a church holds (only what the
    // account was opened for); joining, once the address is proven, is refused.
    const answer = await signUpAndJoin(mine.memberEmail, theirs.church.orgId);
    expect(answer.status).toBe(403);
    expect([await snapshotChurches(), await snapshotObjects()]).toEqual(before);
  });
});
