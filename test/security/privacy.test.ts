/**
 * The privacy levels in the security matrix: for each shareable field and level, what each viewer
 * (an administrator, the family itself, someone sharing a group with it, someone not) receives from
 * every read (family list, family and member pages, dashboard, groups, the member map) and what the printed book
 * holds, once a family has chosen who sees its details, or the church has. Hidden data must not be
 * in the answer at all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResult, GetFamilyResult, GetMemberResult, ListFamiliesResult } from '../../lambdas/contract/api';
import { LEVELS, OPEN_LEVELS, PRIVACY_MESSAGES, SHARED_KEYS, type Level } from '../../lambdas/contract/privacy';
import { call } from '../support/api';
import { groupsWithRoles } from '../support/groups';
import { addFamilyVia, createAccountIn, createChurch, snapshotTable, type Church } from '../support/fixtures';
import { makeBook } from '../support/book';
import { pdfText } from '../support/pdfText';
import { OPEN_RULES } from '../../lambdas/contract/changeRules';
import { settled, uploadNewFamilyPhoto } from '../support/upload';
import type { MapResult } from '../../lambdas/contract/map';

type Viewer = 'admin' | 'own' | 'fellow' | 'stranger';

interface Setup {
  church: Church;
  tokens: Record<Viewer, string>;
  /** The family that chooses; its member `memberId` is in a group with the fellow's member. */
  family: Awaited<ReturnType<typeof addFamilyVia>>;
  fellow: Awaited<ReturnType<typeof addFamilyVia>>;
  surname: string;
}

// Every shareable value of the family is unique, so finding it anywhere in an answer is a leak.
const PHONE = '919-555-0142';
const STREET = '42 Hidden Lane';
// A zip code the address lookup knows, so the family is on the member map for whoever may read its address.
const ZIP = '27612';
const CELL = '919-555-0143';
const EMAIL_PREFIX = 'hidden.cell';

async function setUp(): Promise<Setup> {
  const church = await createChurch();
  const surname = `Privat${Date.now().toString(36)}`;
  const photo = await uploadNewFamilyPhoto(church.adminToken);
  const family = await addFamilyVia(
    church.adminToken,
    {
      surname,
      photo: photo.photo,
      phone: PHONE,
      street: STREET,
      zipcode: ZIP,
      anniversary: `${String(new Date().getMonth() + 1).padStart(2, '0')}/20`,
    },
    photo.requestKey,
  );
  const member = await call('updateMember', {
    token: church.adminToken,
    params: { memberId: family.memberId },
    body: {
      name: 'Lydia',
      birthday: `${String(new Date().getMonth() + 1).padStart(2, '0')}/21`,
      cellphone: CELL,
      email: `${EMAIL_PREFIX}.${surname.toLowerCase()}@example.org`,
      version: family.memberVersion,
    },
  });
  expect(member.status, JSON.stringify(member.body)).toBe(200);
  const fellow = await addFamilyVia(church.adminToken);
  const stranger = await addFamilyVia(church.adminToken);
  const group = await call<{ groupId: string }>('addGroup', { token: church.adminToken, body: { groupName: 'Choir' } });
  for (const memberId of [family.memberId, fellow.memberId])
    expect(
      (await call('addRole', { token: church.adminToken, params: { groupId: group.body.groupId }, body: { memberId } }))
        .status,
    ).toBe(200);
  const [own, fellowAccount, strangerAccount] = await Promise.all([
    createAccountIn(church.orgId, { familyId: family.familyId, memberId: family.memberId }),
    createAccountIn(church.orgId, { familyId: fellow.familyId, memberId: fellow.memberId }),
    createAccountIn(church.orgId, { familyId: stranger.familyId, memberId: stranger.memberId }),
  ]);
  // The address is looked up off the save: the map has it once that is done.
  await settled();
  return {
    church,
    family,
    fellow,
    surname,
    tokens: { admin: church.adminToken, own: own.token, fellow: fellowAccount.token, stranger: strangerAccount.token },
  };
}

/** Everything a viewer receives about the family, from every read, as one string. */
async function everythingSeenBy(s: Setup, viewer: Viewer): Promise<string> {
  const token = s.tokens[viewer];
  const answers = await Promise.all([
    call<ListFamiliesResult>('listFamilies', { token }),
    call<GetFamilyResult>('getFamily', { token, params: { familyId: s.family.familyId } }),
    call<GetMemberResult>('getMember', { token, params: { memberId: s.family.memberId } }),
    call<DashboardResult>('getDashboard', { token, query: `month=${new Date().getMonth() + 1}` }),
    groupsWithRoles(token),
    call<MapResult>('getMap', { token }),
  ]);
  return JSON.stringify(answers.map((a) => a.body));
}

async function choose(s: Setup, body: unknown, token = s.tokens.own) {
  return call('setFamilyPrivacy', { token, params: { familyId: s.family.familyId }, body });
}

describe('privacy', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp();
  });

  it('by default everyone in the church sees everything, as before', async () => {
    for (const viewer of ['admin', 'own', 'fellow', 'stranger'] as const) {
      const seen = await everythingSeenBy(s, viewer);
      for (const value of [PHONE, STREET, ZIP, CELL, EMAIL_PREFIX])
        expect(seen, `${viewer}: ${value}`).toContain(value);
    }
  });

  it("a family's choices: each viewer receives exactly what its level allows, in every read", async () => {
    const chosen = await choose(s, {
      unlisted: false,
      family: { phone: 'groups', street: 'admins' },
      members: { [s.family.memberId]: { cellphone: 'admins', email: 'groups', birthday: 'groups' } },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body).toEqual({ success: true, message: PRIVACY_MESSAGES.saved });

    const expected: Record<Viewer, string[]> = {
      admin: [PHONE, STREET, ZIP, CELL, EMAIL_PREFIX],
      own: [PHONE, STREET, ZIP, CELL, EMAIL_PREFIX],
      fellow: [PHONE, EMAIL_PREFIX],
      stranger: [],
    };
    for (const viewer of ['admin', 'own', 'fellow', 'stranger'] as const) {
      const seen = await everythingSeenBy(s, viewer);
      expect(seen, viewer).toContain(s.surname);
      for (const value of [PHONE, STREET, ZIP, CELL, EMAIL_PREFIX])
        expect(seen.includes(value), `${viewer} sees ${value}`).toBe(expected[viewer].includes(value));
    }

    // The birthday at "groups" is not on the stranger's dashboard; the anniversary (everyone) is.
    const dashboard = await call<DashboardResult>('getDashboard', {
      token: s.tokens.stranger,
      query: `month=${new Date().getMonth() + 1}`,
    });
    expect(dashboard.body.birthdays.some((b) => b.memberId === s.family.memberId && b.birthday)).toBe(false);
    expect(dashboard.body.anniversaries.some((a) => a.familyId === s.family.familyId)).toBe(true);

    // Administrators and the family are told the levels (to mark what members cannot see); nobody else is.
    const read = (token: string) =>
      call<GetFamilyResult>('getFamily', { token, params: { familyId: s.family.familyId } });
    const [byAdmin, byStranger] = await Promise.all([read(s.tokens.admin), read(s.tokens.stranger)]);
    expect(byAdmin.body.family.privacy?.levels).toMatchObject({ phone: 'groups', street: 'admins', photo: 'everyone' });
    expect(byAdmin.body.family.members[0]!.privacy?.levels).toMatchObject({ cellphone: 'admins', email: 'groups' });
    expect(byStranger.body.family.privacy).toBeNull();
    expect(byStranger.body.family.members[0]!.privacy).toBeNull();
  });

  it('the printed book shows only what the whole church may see', async () => {
    const text = await pdfText((await makeBook(s.tokens.admin)).bytes!);
    expect(text).toContain(s.surname);
    for (const hidden of [PHONE, STREET, CELL, EMAIL_PREFIX]) expect(text).not.toContain(hidden);
  });

  it('a family left out of the directory is seen by administrators and by itself only', async () => {
    expect((await choose(s, { unlisted: true, family: {}, members: {} })).status).toBe(200);
    for (const viewer of ['fellow', 'stranger'] as const) {
      expect(await everythingSeenBy(s, viewer), viewer).not.toContain(s.surname);
      const page = await call('getFamily', { token: s.tokens[viewer], params: { familyId: s.family.familyId } });
      expect(page.status).toBe(404);
      const member = await call('getMember', { token: s.tokens[viewer], params: { memberId: s.family.memberId } });
      expect(member.status).toBe(404);
    }
    for (const viewer of ['admin', 'own'] as const) {
      const list = await call<ListFamiliesResult>('listFamilies', { token: s.tokens[viewer] });
      const listed = list.body.families.find((f) => f.familyId === s.family.familyId);
      expect(listed?.privacy?.unlisted, viewer).toBe(true);
      // Choosing nothing for the fields hands them back to the church's defaults (everyone here).
      expect(listed?.phone).toBe(PHONE);
    }
    expect(await pdfText((await makeBook(s.tokens.admin)).bytes!)).not.toContain(s.surname);

    expect((await choose(s, { unlisted: false, family: {}, members: {} })).status).toBe(200);
    expect(await everythingSeenBy(s, 'stranger')).toContain(s.surname);
  });

  it("the church's defaults apply where a family did not choose; a family's own choice wins", async () => {
    const levels = { ...OPEN_LEVELS, phone: 'admins', cellphone: 'admins' };
    const set = await call('setPrivacyDefaults', { token: s.tokens.admin, body: { levels } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await call('getPrivacyDefaults', { token: s.tokens.admin })).body).toEqual({ levels, rules: OPEN_RULES });

    let seen = await everythingSeenBy(s, 'stranger');
    expect(seen).not.toContain(PHONE);
    expect(seen).not.toContain(CELL);
    expect(seen).toContain(STREET);

    await choose(s, { unlisted: false, family: { phone: 'everyone' }, members: {} });
    seen = await everythingSeenBy(s, 'stranger');
    expect(seen).toContain(PHONE);
    expect(seen).not.toContain(CELL);

    await call('setPrivacyDefaults', { token: s.tokens.admin, body: { levels: OPEN_LEVELS } });
  });

  it('every shareable field at every level: each viewer receives it exactly when the level allows', async () => {
    const SEES: Record<Level, Viewer[]> = {
      everyone: ['admin', 'own', 'fellow', 'stranger'],
      groups: ['admin', 'own', 'fellow'],
      admins: ['admin', 'own'],
    };
    // The family follows the church in everything now.
    await choose(s, { unlisted: false, family: {}, members: { [s.family.memberId]: {} } });
    for (const level of LEVELS) {
      const levels = Object.fromEntries(SHARED_KEYS.map((k) => [k, level]));
      expect((await call('setPrivacyDefaults', { token: s.tokens.admin, body: { levels } })).status).toBe(200);
      for (const viewer of ['admin', 'own', 'fellow', 'stranger'] as const) {
        const token = s.tokens[viewer];
        const [page, member, dashboard, map] = await Promise.all([
          call<GetFamilyResult>('getFamily', { token, params: { familyId: s.family.familyId } }),
          call<GetMemberResult>('getMember', { token, params: { memberId: s.family.memberId } }),
          call<DashboardResult>('getDashboard', { token, query: `month=${new Date().getMonth() + 1}` }),
          call<MapResult>('getMap', { token }),
        ]);
        const f = page.body.family;
        const m = member.body.member;
        const received = {
          phone: f.phone,
          street: f.street && f.zipcode && map.body.families.some((x) => x.familyId === f.familyId),
          anniversary: f.anniversary && dashboard.body.anniversaries.find((a) => a.familyId === f.familyId),
          photo: f.photoUrl,
          cellphone: f.members[0]!.cellphone && m.cellphone,
          email: f.members[0]!.email && m.email,
          birthday:
            f.members[0]!.birthday && m.birthday && dashboard.body.birthdays.find((b) => b.memberId === m.memberId),
        };
        for (const [field, value] of Object.entries(received))
          expect(Boolean(value), `${viewer}, ${field} at ${level}`).toBe(SEES[level].includes(viewer));
        // Never half shown: what is hidden in one read is hidden in all.
        if (!SEES[level].includes(viewer)) {
          expect([f.phone, f.street, f.zipcode, f.anniversary, f.photoUrl, m.cellphone, m.email, m.birthday]).toEqual(
            Array(8).fill(null),
          );
        }
      }
    }
    await call('setPrivacyDefaults', { token: s.tokens.admin, body: { levels: OPEN_LEVELS } });
  });

  it('refuses what it cannot accept, with a clear message, and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ unlisted: false, family: { phone: 'friends' }, members: {} }, PRIVACY_MESSAGES.level],
      [{ unlisted: 'yes', family: {}, members: {} }, PRIVACY_MESSAGES.level],
      [{ unlisted: false, family: {}, members: { [s.fellow.memberId]: { email: 'admins' } } }, PRIVACY_MESSAGES.member],
    ];
    for (const [body, message] of cases) {
      const before = await snapshotTable();
      const answer = await choose(s, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ error: { code: 'invalid-argument', message } });
      expect(await snapshotTable()).toBe(before);
    }
    // Another family's user may not choose for this family.
    const before = await snapshotTable();
    // Another family's user: not found, as for an unknown id (test/integration/side-channels.test.ts).
    expect((await choose(s, { unlisted: true, family: {}, members: {} }, s.tokens.stranger)).status).toBe(404);
    expect(await snapshotTable()).toBe(before);
    const badDefaults = await call('setPrivacyDefaults', {
      token: s.tokens.admin,
      body: { levels: { ...OPEN_LEVELS, phone: undefined } },
    });
    expect(badDefaults.status).toBe(400);
  });
});
