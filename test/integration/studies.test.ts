/**
 * Bible studies: administrators and group leaders write them; a draft is its author's and the
 * administrators'; a study shared with groups reaches their members, one shared with the church
 * every member (and the dashboard's Lessons count); references are read and written in full, an
 * unknown one refused with a clear message, and no hostile text or link is kept as a link; pages
 * of the list name only studies the viewer may read; the dashboard lists the next sessions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResult } from '../../lambdas/contract/api';
import {
  STUDY_LIMITS,
  STUDY_MESSAGES,
  type ListStudiesResult,
  type SavedStudyResult,
  type StudyInput,
  type StudyView,
} from '../../lambdas/contract/studies';
import { batchPutAll } from '../../lambdas/core/repos/batch';
import type { Study } from '../../lambdas/core/entities';
import { STUDIES_READ, studyItem } from '../../lambdas/studies/repos/studies';
import { call } from '../support/api';
import { stack } from '../support/env';
import { createChurch, memberAccountIn, newId, snapshotTable, unique, type Church } from '../support/fixtures';

type Account = Awaited<ReturnType<typeof memberAccountIn>>;

const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const study = (overrides: Partial<StudyInput> = {}): StudyInput => ({
  title: unique('Romans'),
  description: 'Eight weeks in **Romans**.',
  sharing: 'church',
  groupIds: [],
  sessions: [
    {
      title: 'Grace',
      date: soon(3),
      items: [
        { kind: 'text', markdown: 'Read it *slowly*.' },
        { kind: 'question', text: 'What is grace?' },
        { kind: 'scripture', reference: 'jn 3:16-18' },
      ],
    },
    { title: 'Faith', date: soon(10), items: [{ kind: 'scripture', reference: 'rom 8:28, 12:1-2' }] },
  ],
  ...overrides,
});

const add = (token: string, body: unknown) => call<SavedStudyResult>('addStudy', { token, body });
const list = (token: string, after?: string) =>
  call<ListStudiesResult>('listStudies', { token, query: after ? `after=${after}` : undefined });
const titles = async (token: string) => (await list(token)).body.studies.map((s) => s.title);

async function groupWith(church: Church, ...members: { memberId: string }[]) {
  const group = await call<{ groupId: string }>('addGroup', {
    token: church.adminToken,
    body: { groupName: unique('Study Group') },
  });
  for (const { memberId } of members)
    expect(
      (await call('addRole', { token: church.adminToken, params: { groupId: group.body.groupId }, body: { memberId } }))
        .status,
    ).toBe(200);
  return group.body.groupId;
}

describe('Bible studies', () => {
  let church: Church;
  let inGroup: Account;
  let outside: Account;
  let leader: Account;
  let groupId: string;

  beforeAll(async () => {
    church = await createChurch();
    [inGroup, outside, leader] = await Promise.all([
      memberAccountIn(church),
      memberAccountIn(church),
      memberAccountIn(church),
    ]);
    groupId = await groupWith(church, inGroup.family, leader.family);
  });

  it('lets an administrator write a study, normalising its references, and every member read it', async () => {
    const saved = await add(church.adminToken, study());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ success: true, version: 1, message: STUDY_MESSAGES.saved });
    const read = await call<{ study: StudyView }>('getStudy', {
      token: outside.token,
      params: { studyId: saved.body.studyId },
    });
    expect(read.status).toBe(200);
    const items = read.body.study.sessions.flatMap((s) => s.items);
    expect(items).toContainEqual({ kind: 'scripture', reference: 'John 3:16-18', link: null });
    expect(items).toContainEqual({ kind: 'scripture', reference: 'Romans 8:28; 12:1-2', link: null });
    expect(read.body.study.canEdit).toBe(false);

    // With a reading site, each reference links to it.
    const site = await call('setReadingSite', {
      token: church.adminToken,
      body: { readingSite: 'https://www.biblegateway.com/passage/?search={passage}' },
    });
    expect(site.status).toBe(200);
    const linked = await call<{ study: StudyView }>('getStudy', {
      token: outside.token,
      params: { studyId: saved.body.studyId },
    });
    expect(linked.body.study.sessions[0]!.items[2]).toEqual({
      kind: 'scripture',
      reference: 'John 3:16-18',
      link: 'https://www.biblegateway.com/passage/?search=John%203%3A16-18',
    });
  });

  it('keeps a study shared with a group to its members, and a draft to its author and the administrators', async () => {
    const grouped = await add(
      church.adminToken,
      study({ title: unique('Choir study'), sharing: 'groups', groupIds: [groupId] }),
    );
    const draft = await add(church.adminToken, study({ title: unique('Draft'), sharing: 'draft' }));
    expect([grouped.status, draft.status]).toEqual([200, 200]);
    const [groupTitle, draftTitle] = [await titleOf(grouped.body.studyId), await titleOf(draft.body.studyId)];
    expect(await titles(inGroup.token)).toContain(groupTitle);
    expect(await titles(inGroup.token)).not.toContain(draftTitle);
    expect(await titles(outside.token)).not.toContain(groupTitle);
    expect(await titles(church.adminToken)).toEqual(expect.arrayContaining([groupTitle, draftTitle]));
    // Not shared with them: not found, as an id no study holds.
    for (const studyId of [grouped.body.studyId, newId()]) {
      const hidden = await call('getStudy', { token: outside.token, params: { studyId } });
      expect(hidden).toMatchObject({ status: 404, body: { error: { message: STUDY_MESSAGES.notFound } } });
    }
    const other = await createChurch();
    const elsewhere = await call('getStudy', { token: other.adminToken, params: { studyId: grouped.body.studyId } });
    expect(elsewhere.status).toBe(404);
    expect((await list(other.adminToken)).body.studies).toEqual([]);
  });

  it('forgets a deleted group in the studies shared with it, which then reach no member of it', async () => {
    const choir = await groupWith(church, inGroup.family);
    const shared = await add(
      church.adminToken,
      study({ title: unique('Two groups'), sharing: 'groups', groupIds: [choir, groupId] }),
    );
    const alone = await add(
      church.adminToken,
      study({ title: unique('One group'), sharing: 'groups', groupIds: [choir] }),
    );
    expect((await call('deleteGroup', { token: church.adminToken, params: { groupId: choir } })).status).toBe(200);
    const read = async (studyId: string) =>
      (await call<{ study: StudyView }>('getStudy', { token: church.adminToken, params: { studyId } })).body.study;
    expect((await read(shared.body.studyId)).groups.map((g) => g.groupId)).toEqual([groupId]);
    expect((await read(alone.body.studyId)).groups).toEqual([]);
    // Its former member still reads the one shared with a group they are in, not the other.
    const readable = await titles(inGroup.token);
    expect(readable).toContain((await read(shared.body.studyId)).title);
    expect(readable).not.toContain((await read(alone.body.studyId)).title);
  });

  async function titleOf(studyId: string) {
    return (await call<{ study: StudyView }>('getStudy', { token: church.adminToken, params: { studyId } })).body.study
      .title;
  }

  it('lets a group leader write for the groups they lead, and nobody else write', async () => {
    const refused = await add(leader.token, study({ sharing: 'draft' }));
    expect(refused).toMatchObject({ status: 403, body: { error: { message: STUDY_MESSAGES.writers } } });

    const marked = await call('setRoleLeader', {
      token: church.adminToken,
      params: { groupId, memberId: leader.family.memberId },
      body: { leader: true },
    });
    expect(marked.status).toBe(200);
    const otherGroup = await groupWith(church, outside.family);
    const before = await snapshotTable();
    const toChurch = await add(leader.token, study({ sharing: 'church' }));
    expect(toChurch).toMatchObject({ status: 403, body: { error: { message: STUDY_MESSAGES.churchByAdmins } } });
    const notTheirs = await add(leader.token, study({ sharing: 'groups', groupIds: [otherGroup] }));
    expect(notTheirs).toMatchObject({ status: 403, body: { error: { message: STUDY_MESSAGES.notYourGroup } } });
    expect(await snapshotTable()).toBe(before);

    const theirs = await add(
      leader.token,
      study({ title: unique('Leader study'), sharing: 'groups', groupIds: [groupId] }),
    );
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    const page = await call<{ study: StudyView }>('getStudy', {
      token: leader.token,
      params: { studyId: theirs.body.studyId },
    });
    expect(page.body.study.canEdit).toBe(true);
    expect(page.body.study.author).toMatch(/^Lydia /);
    expect((await list(leader.token)).body).toMatchObject({
      canWrite: true,
      groups: [expect.objectContaining({ groupId })],
    });

    // A member of the group reads it but may not change it; the leader, no longer one, neither.
    const edit = { ...study({ sharing: 'groups', groupIds: [groupId] }), version: 1 };
    const byMember = await call('updateStudy', {
      token: inGroup.token,
      params: { studyId: theirs.body.studyId },
      body: edit,
    });
    expect(byMember.status).toBe(403);
    await call('setRoleLeader', {
      token: church.adminToken,
      params: { groupId, memberId: leader.family.memberId },
      body: { leader: false },
    });
    const byFormer = await call('updateStudy', {
      token: leader.token,
      params: { studyId: theirs.body.studyId },
      body: edit,
    });
    expect(byFormer.status).toBe(403);
    expect((await list(leader.token)).body.canWrite).toBe(false);
  });

  it('refuses an unknown reference, an unsafe link and a study too long, changing nothing', async () => {
    const cases: [unknown, number, string][] = [
      [
        study({ sessions: [{ title: null, date: null, items: [{ kind: 'scripture', reference: 'Hezekiah 4:5' }] }] }),
        400,
        STUDY_MESSAGES.reference('Hezekiah 4:5'),
      ],
      [
        study({
          sessions: [{ title: null, date: null, items: [{ kind: 'scripture', reference: 'John 3:16 and more' }] }],
        }),
        400,
        STUDY_MESSAGES.reference('John 3:16 and more'),
      ],
      [
        study({
          sessions: [{ title: null, date: null, items: [{ kind: 'text', markdown: '[click](javascript:alert(1))' }] }],
        }),
        400,
        STUDY_MESSAGES.link,
      ],
      [
        study({
          sessions: [
            { title: null, date: null, items: [{ kind: 'text', markdown: '![x](data:image/png;base64,AAAA)' }] },
          ],
        }),
        400,
        STUDY_MESSAGES.link,
      ],
      [study({ title: '  ' }), 400, STUDY_MESSAGES.titleRequired],
      [study({ sharing: 'groups', groupIds: [] }), 400, STUDY_MESSAGES.groups],
      [study({ sharing: 'groups', groupIds: [newId()] }), 400, STUDY_MESSAGES.groups],
      [study({ sessions: [{ title: null, date: '2026-02-30', items: [] }] }), 400, STUDY_MESSAGES.date],
      [
        study({
          // 160,000 characters: within a request's size, past a study's.
          sessions: Array.from({ length: 4 }, () => ({
            title: null,
            date: null,
            items: Array.from({ length: 2 }, () => ({
              kind: 'text' as const,
              markdown: 'x'.repeat(STUDY_LIMITS.text),
            })),
          })),
        }),
        400,
        STUDY_MESSAGES.tooBig,
      ],
      [
        study({
          sessions: Array.from({ length: STUDY_LIMITS.sessions + 1 }, () => ({ title: null, date: null, items: [] })),
        }),
        400,
        STUDY_MESSAGES.tooMany('sessions', STUDY_LIMITS.sessions),
      ],
    ];
    for (const [body, status, message] of cases) {
      const before = await snapshotTable();
      const answer = await add(church.adminToken, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.error?.message).toBe(message);
      expect(await snapshotTable()).toBe(before);
    }
    // A script tag is text, kept as written: the page shows it as text (markdown-it with HTML off).
    const script = await add(
      church.adminToken,
      study({
        sessions: [{ title: null, date: null, items: [{ kind: 'text', markdown: '<script>alert(1)</script>' }] }],
      }),
    );
    expect(script.status).toBe(200);
  });

  it('pages the list with pointers that name only studies the viewer may read', async () => {
    const fresh = await createChurch();
    const reader = await memberAccountIn(fresh);
    for (let i = 0; i < 25; i++)
      expect(
        (await add(fresh.adminToken, study({ title: `Study ${i}`, sharing: i % 2 ? 'draft' : 'church' }))).status,
      ).toBe(200);
    const first = await list(reader.token);
    expect(first.body.studies).toHaveLength(13);
    expect(first.body.studies.every((s) => s.sharing === 'church')).toBe(true);
    expect(first.body.next).toBeNull();
    const admin = await list(fresh.adminToken);
    expect(admin.body.studies).toHaveLength(20);
    const rest = await list(fresh.adminToken, admin.body.next!);
    expect(rest.body.studies).toHaveLength(5);
    expect(new Set([...admin.body.studies, ...rest.body.studies].map((s) => s.studyId)).size).toBe(25);
    const made = await call('listStudies', { token: reader.token, query: 'after=bm90LWEtcGxhY2U' });
    expect(made.status).toBe(400);
  });

  it("counts the church's shared studies as Lessons and lists a member's next sessions on the dashboard", async () => {
    const fresh = await createChurch();
    const reader = await memberAccountIn(fresh);
    await add(fresh.adminToken, study({ title: 'Public', sharing: 'church' }));
    await add(fresh.adminToken, study({ title: 'Hidden draft', sharing: 'draft' }));
    const now = new Date();
    const dashboard = await call<DashboardResult>('getDashboard', {
      token: reader.token,
      query: `month=${now.getUTCMonth() + 1}&day=${now.getUTCDate()}`,
    });
    expect(dashboard.body.counts.lessons).toBe(1);
    expect(dashboard.body.sessions.map((s) => [s.studyTitle, s.title, s.date])).toEqual([
      ['Public', 'Grace', soon(3)],
      ['Public', 'Faith', soon(10)],
    ]);
  });

  it('counts every shared study and finds the next session past the first Query page of summaries', async () => {
    const fresh = await createChurch();
    const reader = await memberAccountIn(fresh);
    // The oldest study holds the next session; STUDIES_READ newer ones (written straight to the
    // table: the write rate would take minutes) fill the first page the dashboard reads.
    await add(fresh.adminToken, study({ title: 'Oldest', sharing: 'church' }));
    const written = new Date(Date.now() + 60_000);
    const newer = Array.from({ length: STUDIES_READ }, (_, i): Study => {
      const at = new Date(written.getTime() + i * 1000).toISOString();
      return {
        studyId: newId(),
        orgId: fresh.orgId,
        title: `Newer ${i}`,
        description: null,
        sharing: i % 4 === 0 ? 'draft' : 'church',
        groups: [],
        sessionDates: [{ date: null, title: 'Undated' }],
        authorUserId: 'writer',
        authorName: null,
        version: 1,
        createdAt: at,
        updatedAt: at,
      };
    });
    await batchPutAll(stack.env.TABLE_NAME!, newer.map(studyItem));
    const now = new Date();
    const dashboard = await call<DashboardResult>('getDashboard', {
      token: reader.token,
      query: `month=${now.getUTCMonth() + 1}&day=${now.getUTCDate()}`,
    });
    expect(dashboard.body.counts.lessons).toBe(1 + newer.filter((s) => s.sharing === 'church').length);
    expect(dashboard.body.sessions.map((s) => [s.studyTitle, s.title])).toEqual([
      ['Oldest', 'Grace'],
      ['Oldest', 'Faith'],
    ]);
  });

  it('lets an administrator change and delete a study, refusing a stale version', async () => {
    const saved = await add(church.adminToken, study());
    const { studyId } = saved.body;
    const changed = await call<SavedStudyResult>('updateStudy', {
      token: church.adminToken,
      params: { studyId },
      body: { ...study({ title: 'Renamed' }), version: 1 },
    });
    expect(changed.body).toMatchObject({ version: 2 });
    const stale = await call('updateStudy', {
      token: church.adminToken,
      params: { studyId },
      body: { ...study({ title: 'Again' }), version: 1 },
    });
    expect(stale).toMatchObject({ status: 409, body: { error: { message: STUDY_MESSAGES.changed } } });
    expect((await call('deleteStudy', { token: church.adminToken, params: { studyId } })).status).toBe(200);
    expect((await call('getStudy', { token: church.adminToken, params: { studyId } })).status).toBe(404);
  });
});
