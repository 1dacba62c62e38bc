/**
 * Privacy without side channels (issue 30): what leaks around the visibility rule rather than
 * through it. One describe per class; each test fails with its fix taken out.
 *
 *  - pointers: the family list's and a group's page pointers name only what the viewer sees, and
 *    whether a page exists before or after says nothing of a hidden family (fast-check: any
 *    sequence of moves through the list).
 *  - search: a whole e-mail address finds its family when the viewer may see the address, and
 *    only then.
 *  - same answers: a family user's new address gets one answer whatever the address (a taken one is
 *    held for the administrators); a hidden, another family's and an unknown id get the same
 *    answer on every route that takes one; the counts a member sees cover what it sees.
 *  - re-admission: the account of a deleted member links itself again only once an administrator
 *    gives the address to a member, never through a family user's edit.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  DashboardResult,
  GetGroupResult,
  GetMemberResult,
  ListFamiliesResult,
  ListGroupsResult,
  SearchDirectoryResult,
} from '../../lambdas/contract/api';
import type { Family, Member, Role } from '../../lambdas/core/entities';
import { keys } from '../../lambdas/core/repos/keys';
import { batchPutAll } from '../../lambdas/core/repos/batch';
import { directoryItems, groupItem, roleItem } from '../../lambdas/directory/repos/items';
import { ROLES_PAGE } from '../../lambdas/groups/repos/groups';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { call, idToken } from '../support/api';
import { stack } from '../support/env';
import {
  PASSWORD,
  addFamilyVia,
  createAccountIn,
  createChurch,
  memberAccountIn,
  newId,
  snapshotTable,
  type Church,
} from '../support/fixtures';

const TableName = stack.env.TABLE_NAME!;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Families left out of the directory, straight on the church's privacy item. */
async function unlist(orgId: string, familyIds: readonly string[]) {
  if (!familyIds.length) return;
  await ddb.send(
    new UpdateCommand({
      TableName,
      Key: keys.privacy(orgId),
      UpdateExpression: 'SET #type = :type, orgId = :org ADD unlisted :f',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':type': 'PRIVACY', ':org': orgId, ':f': new Set(familyIds) },
    }),
  );
}

/** `count` families of four in surname order (their index is their order), written at once. */
async function seedFamilies(church: Church, count: number): Promise<Family[]> {
  const now = new Date().toISOString();
  const families: Family[] = [];
  const members: Member[] = [];
  for (let i = 0; i < count; i++) {
    const familyId = newId();
    const surname = `${LETTERS[Math.floor((i * 26) / count)]!}ane ${String(i).padStart(3, '0')}`;
    const base = { orgId: church.orgId, version: 1, createdAt: now, updatedAt: now };
    families.push({ ...base, familyId, surname, phone: `919-555-${1000 + i}` } as Family);
    for (const name of ['Ann', 'Bo', 'Cy', 'Di'])
      members.push({ ...base, memberId: newId(), familyId, surname, name: `${name}${i}` } as Member);
  }
  await batchPutAll(TableName, directoryItems(families, members));
  return families;
}

/** The family a place of the list names (`<folded surname>#<familyId>`, maybe with `#~`). */
const familyOfPlace = (place: string) => place.split('#')[1]!;

describe('page pointers name only what the viewer sees', () => {
  let church: Church;
  let viewer: Awaited<ReturnType<typeof memberAccountIn>>;
  let hidden: Set<string>;
  let seen: string[];

  beforeAll(async () => {
    church = await createChurch();
    viewer = await memberAccountIn(church);
    const families = await seedFamilies(church, 120);
    // The first and last families, one in seven, and a run longer than a page (150 items) left out.
    const out = families.filter((_, i) => i < 3 || i >= 116 || i % 7 === 0 || (i >= 40 && i < 85));
    hidden = new Set(out.map((f) => f.familyId));
    // The viewer's own family is left out too: it still sees itself.
    await unlist(church.orgId, [...hidden, viewer.family.familyId]);
    seen = [...families.filter((f) => !hidden.has(f.familyId)).map((f) => f.familyId), viewer.family.familyId];
  }, 120_000);

  const page = async (query = '') => {
    const answer = await call<ListFamiliesResult>('listFamilies', { token: viewer.token, query });
    expect(answer.status, query).toBe(200);
    return answer.body;
  };

  /** A page's families and pointers hold nothing hidden. */
  const clean = (body: ListFamiliesResult) => {
    for (const f of body.families) expect(hidden.has(f.familyId), 'a family on the page').toBe(false);
    for (const pointer of [body.next, body.previous])
      if (pointer && pointer.includes('#')) expect(hidden.has(familyOfPlace(pointer)), pointer).toBe(false);
  };

  it('walks forward and back over the listed families only, each once, pointers on them alone', async () => {
    const forward: string[] = [];
    let body = await page();
    expect(body.previous).toBeNull();
    const pages = [body];
    for (;;) {
      clean(body);
      forward.push(...body.families.map((f) => f.familyId));
      if (!body.next) break;
      body = await page(`after=${encodeURIComponent(body.next)}`);
      pages.push(body);
    }
    expect(forward.sort()).toEqual([...seen].sort());
    expect(pages.length).toBeGreaterThan(1);
    // The last page offers no next one although hidden families follow it.
    expect(pages.at(-1)!.families.length).toBeGreaterThan(0);
    const backward: string[] = [];
    body = await page(
      `before=${encodeURIComponent(`${'z'.repeat(3)}#${'f'.repeat(8)}-ffff-ffff-ffff-${'f'.repeat(12)}`)}`,
    );
    for (;;) {
      clean(body);
      backward.unshift(...body.families.map((f) => f.familyId));
      if (!body.previous) break;
      body = await page(`before=${encodeURIComponent(body.previous)}`);
    }
    expect(backward.sort()).toEqual([...seen].sort());
  });

  it('answers a letter and a made-up place with nothing of a hidden family', async () => {
    for (const letter of LETTERS) clean(await page(`from=${letter}`));
    // Right before a hidden family: the answer starts at the next family the viewer sees.
    const after = await page(`after=${encodeURIComponent('bane000#00000000-0000-0000-0000-000000000000')}`);
    clean(after);
  });

  it('holds for any sequence of moves (fast-check)', async () => {
    const move = fc.oneof(
      fc.constant({ kind: 'next' as const }),
      fc.constant({ kind: 'previous' as const }),
      fc.constant({ kind: 'first' as const }),
      fc.constantFrom(...LETTERS).map((letter) => ({ kind: 'from' as const, letter })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 8 }), async (moves) => {
        let body = await page();
        clean(body);
        for (const m of moves) {
          const query =
            m.kind === 'first'
              ? ''
              : m.kind === 'from'
                ? `from=${m.letter}`
                : m.kind === 'next'
                  ? body.next && `after=${encodeURIComponent(body.next)}`
                  : body.previous && `before=${encodeURIComponent(body.previous)}`;
          if (query === null) continue;
          body = await page(query);
          clean(body);
          // Every family the viewer sees is on the page in its place: none skipped between two of the page's.
          const ids = body.families.map((f) => f.familyId);
          for (const id of ids) expect(seen).toContain(id);
        }
      }),
      {
        numRuns: Number(process.env.POINTER_RUNS ?? 15),
        seed: process.env.POINTER_SEED ? Number(process.env.POINTER_SEED) : undefined,
      },
    );
  }, 300_000);
});

describe('a group’s page pointers name only what the viewer sees', () => {
  it('points past a page of a large group only at a member the viewer sees', async () => {
    const church = await createChurch();
    const viewer = await memberAccountIn(church);
    const group = { groupId: newId(), orgId: church.orgId, groupName: 'Choir', createdAt: new Date().toISOString() };
    const listed = newId();
    const unlisted = newId();
    // 60 listed members, then the hidden family's, then nothing: the page must not point at the hidden one.
    const roles: Role[] = Array.from({ length: ROLES_PAGE + 10 }, (_, i) => ({
      groupId: group.groupId,
      memberId: newId(),
      familyId: i < ROLES_PAGE ? listed : unlisted,
      orgId: church.orgId,
      memberName: `Name ${String(i).padStart(3, '0')}`,
      groupName: group.groupName,
      label: null,
      cDate: group.createdAt,
    }));
    await batchPutAll(TableName, [groupItem({ ...group, roleCount: roles.length }), ...roles.map(roleItem)]);
    await unlist(church.orgId, [unlisted]);
    const asViewer = await call<GetGroupResult>('getGroup', {
      token: viewer.token,
      params: { groupId: group.groupId },
    });
    expect(asViewer.status).toBe(200);
    expect(asViewer.body.roles).toHaveLength(ROLES_PAGE);
    expect(asViewer.body.next).toBeNull();
    const asAdmin = await call<GetGroupResult>('getGroup', {
      token: church.adminToken,
      params: { groupId: group.groupId },
    });
    expect(asAdmin.body.next).not.toBeNull();

    // Hidden members in the middle: the viewer's pages skip them, and every pointer is a listed member's.
    const more: Role[] = Array.from({ length: ROLES_PAGE + 5 }, (_, i) => ({
      ...roles[0]!,
      memberId: newId(),
      familyId: listed,
      memberName: `Zed ${String(i).padStart(3, '0')}`,
    }));
    await batchPutAll(TableName, more.map(roleItem));
    const visible = new Set([...roles.filter((r) => r.familyId === listed), ...more].map((r) => r.memberId));
    const walked: string[] = [];
    let after: string | null = null;
    do {
      const answer: Awaited<ReturnType<typeof call<GetGroupResult>>> = await call<GetGroupResult>('getGroup', {
        token: viewer.token,
        params: { groupId: group.groupId },
        query: after ? `after=${encodeURIComponent(after)}` : '',
      });
      walked.push(...answer.body.roles.map((r) => r.memberId));
      after = answer.body.next;
      if (after) expect(visible.has(after.split('#')[1]!), after).toBe(true);
    } while (after);
    expect(walked.sort()).toEqual([...visible].sort());
  });
});

describe('search by a whole e-mail address', () => {
  it('finds the family when the viewer may see the address, and not when it may not', async () => {
    const church = await createChurch();
    const viewer = await memberAccountIn(church);
    const tag = church.orgId.slice(0, 8);
    const shown = `pat.lee-${tag}@mail.example.org`;
    const kept = `kim.ray-${tag}@mail.example.org`;
    const family = async (email: string, level: 'everyone' | 'admins') => {
      const added = await call<{ id: string }>('addFamily', { token: church.adminToken, body: { surname: 'Okafor' } });
      const member = await call<{ id: string }>('addMember', {
        token: church.adminToken,
        body: { familyId: added.body.id, name: 'Pat', email },
      });
      expect(member.status).toBe(200);
      const body = { unlisted: false, family: {}, members: { [member.body.id]: { email: level } } };
      expect(
        (await call('setFamilyPrivacy', { token: church.adminToken, params: { familyId: added.body.id }, body }))
          .status,
      ).toBe(200);
      return added.body.id;
    };
    const open = await family(shown, 'everyone');
    const closed = await family(kept, 'admins');
    const found = async (token: string, q: string) =>
      (
        await call<SearchDirectoryResult>('searchDirectory', { token, query: `q=${encodeURIComponent(q)}` })
      ).body.families.map((f) => f.familyId);
    expect(await found(viewer.token, shown)).toEqual([open]);
    expect(await found(viewer.token, shown.toUpperCase())).toEqual([open]);
    expect(await found(church.adminToken, kept)).toEqual([closed]);
    expect(await found(viewer.token, kept)).toEqual([]);
  });
});

describe('answers that confirm nothing the member may not see', () => {
  /** A church with a member's account and a family left out of the directory whose member's address only admins see. */
  async function churchWithHidden() {
    const church = await createChurch();
    const viewer = await memberAccountIn(church);
    const tag = church.orgId.slice(0, 8);
    const hiddenEmail = `secret-${tag}@example.org`;
    const hidden = await addFamilyVia(church.adminToken, { surname: 'Hiddenfield' });
    const other = await addFamilyVia(church.adminToken, { surname: 'Otherton' });
    const member = await call<GetMemberResult>('getMember', {
      token: church.adminToken,
      params: { memberId: hidden.memberId },
    });
    expect(
      (
        await call('updateMember', {
          token: church.adminToken,
          params: { memberId: hidden.memberId },
          body: { name: 'Lydia', email: hiddenEmail, version: member.body.member.version },
        })
      ).status,
    ).toBe(200);
    const body = { unlisted: true, family: {}, members: { [hidden.memberId]: { email: 'admins' } } };
    expect(
      (await call('setFamilyPrivacy', { token: church.adminToken, params: { familyId: hidden.familyId }, body }))
        .status,
    ).toBe(200);
    return { church, viewer, hidden, other, hiddenEmail, tag };
  }

  /** An answer without what differs for every save (the new member's id and version). */
  const shape = (answer: { status: number; body: Record<string, unknown> }) => {
    const { id: _id, version: _version, ...rest } = answer.body;
    return { status: answer.status, body: rest };
  };

  it('gives a family user one answer for a taken and a free address, and holds the taken one for the administrators', async () => {
    const { church, viewer, hiddenEmail, tag } = await churchWithHidden();
    const add = (email: string) =>
      call<{ id: string }>('addMember', {
        token: viewer.token,
        body: { familyId: viewer.family.familyId, name: 'Ann', email },
      });
    const taken = await add(hiddenEmail);
    const free = await add(`free-${tag}@example.org`);
    expect(shape(taken)).toEqual(shape(free));
    expect(taken.status).toBe(200);
    // Changing its own address: the same.
    const own = await call<GetMemberResult>('getMember', {
      token: viewer.token,
      params: { memberId: viewer.family.memberId },
    });
    const change = (email: string, version: number) =>
      call('updateMember', {
        token: viewer.token,
        params: { memberId: viewer.family.memberId },
        body: { name: 'Lydia', email, version },
      });
    const changedTaken = await change(hiddenEmail.toUpperCase(), own.body.member.version);
    const changedFree = await change(`free2-${tag}@example.org`, own.body.member.version + 1);
    expect(shape(changedTaken)).toEqual(shape(changedFree));
    // The family sees the address it gave; the administrators see it held; the other member keeps it.
    const heldAsFamily = await call<GetMemberResult>('getMember', {
      token: viewer.token,
      params: { memberId: taken.body.id },
    });
    expect(heldAsFamily.body.member.email).toBe(hiddenEmail);
    expect(heldAsFamily.body.member).not.toHaveProperty('emailHeld');
    const heldAsAdmin = await call<GetMemberResult>('getMember', {
      token: church.adminToken,
      params: { memberId: taken.body.id },
    });
    expect(heldAsAdmin.body.member).toMatchObject({ email: hiddenEmail, emailHeld: true });
    // An administrator is still told the address is taken.
    const byAdmin = await call('addMember', {
      token: church.adminToken,
      body: { familyId: viewer.family.familyId, name: 'Bo', email: hiddenEmail },
    });
    expect(byAdmin.status).toBe(409);
  });

  it('answers a hidden, another family’s and an unknown id alike on every route that takes one', async () => {
    const { viewer, hidden, other } = await churchWithHidden();
    const ids = { hidden, other, unknown: { familyId: newId(), memberId: newId() } };
    const requests = (f: { familyId: string; memberId: string }) =>
      [
        ['getFamily', { params: { familyId: f.familyId } }],
        ['getMember', { params: { memberId: f.memberId } }],
        ['updateFamily', { params: { familyId: f.familyId }, body: { surname: 'X', version: 1 } }],
        ['deleteFamily', { params: { familyId: f.familyId } }],
        ['setFamilyPrivacy', { params: { familyId: f.familyId }, body: { unlisted: false, family: {}, members: {} } }],
        ['addMember', { body: { familyId: f.familyId, name: 'Ann' } }],
        ['updateMember', { params: { memberId: f.memberId }, body: { name: 'Ann', version: 1 } }],
        ['deleteMember', { params: { memberId: f.memberId } }],
        ['createPhotoUpload', { body: { contentType: 'image/jpeg', size: 100, familyId: f.familyId } }],
      ] as const;
    const before = await snapshotTable();
    for (const i of requests(ids.unknown).keys()) {
      const answers: Record<string, unknown> = {};
      for (const [kind, f] of Object.entries(ids)) {
        const [operation, request] = requests(f)[i]!;
        const answer = await call(operation, { token: viewer.token, ...request });
        answers[kind] = { status: answer.status, body: answer.body };
      }
      const operation = requests(ids.unknown)[i]![0];
      if (operation !== 'getFamily' && operation !== 'getMember')
        expect(answers.hidden, operation).toEqual(answers.other);
      expect(answers.hidden, operation).toEqual(answers.unknown);
    }
    expect(await snapshotTable()).toBe(before);
  });

  it('counts on the dashboard and the groups pages only what the member sees', async () => {
    const { church, viewer, hidden } = await churchWithHidden();
    const group = await call<{ groupId: string }>('addGroup', {
      token: church.adminToken,
      body: { groupName: 'Choir' },
    });
    for (const memberId of [hidden.memberId, viewer.family.memberId])
      expect(
        (
          await call('addRole', {
            token: church.adminToken,
            params: { groupId: group.body.groupId },
            body: { memberId, label: null },
          })
        ).status,
      ).toBe(200);
    const counts = async (token: string) => {
      const dashboard = await call<DashboardResult>('getDashboard', { token, query: 'month=3' });
      const groups = await call<ListGroupsResult>('listGroups', { token });
      const page = await call<GetGroupResult>('getGroup', { token, params: { groupId: group.body.groupId } });
      return {
        families: dashboard.body.counts.families,
        members: dashboard.body.counts.members,
        listed: groups.body.groups.find((g) => g.groupId === group.body.groupId)?.memberCount,
        page: page.body.group.memberCount,
        roles: page.body.roles.length,
      };
    };
    // The admin sees the viewer's family, the hidden one and the other one.
    expect(await counts(church.adminToken)).toEqual({ families: 3, members: 3, listed: 2, page: 2, roles: 2 });
    expect(await counts(viewer.token)).toEqual({ families: 2, members: 2, listed: 1, page: 1, roles: 1 });
  });
});

describe('a removed member comes back only by an administrator', () => {
  it('is not relinked by a family user giving its address to a member, and is once an administrator does', async () => {
    const church = await createChurch();
    const removed = await memberAccountIn(church);
    expect(
      (await call('deleteMember', { token: church.adminToken, params: { memberId: removed.family.memberId } })).status,
    ).toBe(200);
    // Another family's user adds a member with the removed person's address to their own family.
    const other = await addFamilyVia(church.adminToken);
    const user = await createAccountIn(church.orgId, { familyId: other.familyId, memberId: other.memberId });
    const added = await call<{ id: string }>('addMember', {
      token: user.token,
      body: { familyId: other.familyId, name: 'Returning', email: removed.email },
    });
    expect(added.status).toBe(200);
    const token = await idToken(removed.email, PASSWORD);
    expect((await call('addClaimCreds', { token })).body).toMatchObject({ linked: false });
    expect((await call('listFamilies', { token })).status).toBe(403);

    // The administrator's word: saving the member with that address.
    const member = await call<GetMemberResult>('getMember', {
      token: church.adminToken,
      params: { memberId: added.body.id },
    });
    expect(
      (
        await call('updateMember', {
          token: church.adminToken,
          params: { memberId: added.body.id },
          body: { name: 'Returning', email: removed.email, version: member.body.member.version },
        })
      ).status,
    ).toBe(200);
    expect((await call('addClaimCreds', { token })).body).toMatchObject({ linked: true });
    expect((await call('listFamilies', { token: await idToken(removed.email, PASSWORD) })).status).toBe(200);
  });
});
