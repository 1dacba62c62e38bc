import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type {
  DashboardResult,
  GetGroupResult,
  ListGroupsResult,
  SearchDirectoryResult,
} from '../../lambdas/contract/api';
import { backfillGroupOrder } from '../../lambdas/migrations/repos/groupOrderBackfill';
import { keys } from '../../lambdas/core/repos/keys';
import { ROLES_PAGE } from '../../lambdas/groups/repos/groups';
import { batchPutAll } from '../../lambdas/core/repos/batch';
import { roleItem } from '../../lambdas/directory/repos/items';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { call } from '../support/api';
import { stack } from '../support/env';
import { tableNow } from '../support/table-mirror';
import { groupsWithRoles, rolesOf } from '../support/groups';
import {
  addFamilyVia,
  createAccountIn,
  createChurch,
  memberAccountIn,
  newId,
  snapshotTable,
  unique,
} from '../support/fixtures';

const getItem = async (Key: Record<string, unknown>) =>
  (await ddb.send(new GetCommand({ TableName: stack.env.TABLE_NAME, Key }))).Item;
const groupCount = async (token: string) => (await call<DashboardResult>('getDashboard', { token })).body.counts.groups;
const list = async (token: string) => (await call<ListGroupsResult>('listGroups', { token })).body;
const page = async (token: string, groupId: string, after?: string) =>
  call<GetGroupResult>('getGroup', {
    token,
    params: { groupId },
    query: after ? `after=${encodeURIComponent(after)}` : undefined,
  });
const countOf = async (token: string, groupId: string) =>
  (await list(token)).groups.find((g) => g.groupId === groupId)?.memberCount;

async function addGroup(token: string, groupName: string): Promise<string> {
  const added = await call<{ groupId: string }>('addGroup', { token, body: { groupName } });
  if (added.status !== 200) throw new Error(`addGroup failed: ${JSON.stringify(added.body)}`);
  return added.body.groupId;
}

async function addRole(token: string, groupId: string, memberId: string, label?: string | null) {
  return call('addRole', { token, params: { groupId }, body: { memberId, ...(label === undefined ? {} : { label }) } });
}

describe('groups', () => {
  it('creates groups (trimmed), lists them in name order and counts them', async () => {
    const church = await createChurch();
    expect(await list(church.adminToken)).toEqual({ groups: [], canManage: true });
    const before = await groupCount(church.adminToken);
    const created = await call('addGroup', { token: church.adminToken, body: { groupName: '  Youth Group ' } });
    expect(created.body).toEqual({
      success: true,
      message: "Group 'Youth Group' created.",
      groupId: expect.any(String),
    });
    await addGroup(church.adminToken, 'Ödegård Circle');
    await addGroup(church.adminToken, 'choir');
    await addGroup(church.adminToken, 'Deacons');

    const body = await list(church.adminToken);
    expect(body.groups.map((g) => g.groupName)).toEqual(['choir', 'Deacons', 'Ödegård Circle', 'Youth Group']);
    expect(body.groups.every((g) => g.memberCount === 0)).toBe(true);
    expect(await groupCount(church.adminToken)).toBe(before + 4);
  });

  it('keeps group names unique within a church, case and spacing aside, but not across churches', async () => {
    const [church, other] = await Promise.all([createChurch(), createChurch()]);
    const groupId = await addGroup(church.adminToken, 'Prayer Team');
    const before = await snapshotTable();
    for (const groupName of ['prayer team', '  PRAYER   TEAM ']) {
      const taken = await call('addGroup', { token: church.adminToken, body: { groupName } });
      expect(taken).toMatchObject({
        status: 409,
        body: {
          error: { code: 'already-exists', message: 'A group with this name already exists in your organization.' },
        },
      });
    }
    expect(await snapshotTable()).toBe(before);
    expect((await call('addGroup', { token: other.adminToken, body: { groupName: 'Prayer Team' } })).status).toBe(200);
    // Deleting the group frees its name.
    expect((await call('deleteGroup', { token: church.adminToken, params: { groupId } })).status).toBe(200);
    expect((await call('addGroup', { token: church.adminToken, body: { groupName: 'PRAYER TEAM' } })).status).toBe(200);
  });

  it('adds members with optional labels; the group’s page lists them by name, the groups page counts them', async () => {
    const church = await createChurch();
    const [kim, abe] = await Promise.all([
      addFamilyVia(church.adminToken, { surname: 'Kim' }),
      addFamilyVia(church.adminToken, { surname: 'Abe' }),
    ]);
    const extra = await call<{ id: string }>('addMember', {
      token: church.adminToken,
      body: { familyId: kim.familyId, name: 'Aaron' },
    });
    const groupId = await addGroup(church.adminToken, 'Choir');

    const first = await addRole(church.adminToken, groupId, kim.memberId, '  Alto ');
    expect(first.body).toEqual({ success: true, message: 'Lydia Kim added to the group "Choir".' });
    expect((await addRole(church.adminToken, groupId, extra.body.id, '')).status).toBe(200);
    expect((await addRole(church.adminToken, groupId, abe.memberId)).status).toBe(200);

    expect(await list(church.adminToken)).toEqual({
      groups: [{ groupId, groupName: 'Choir', memberCount: 3 }],
      canManage: true,
    });
    const admin = (await page(church.adminToken, groupId)).body;
    expect(admin.canManage).toBe(true);
    expect(admin.group).toEqual({ groupId, groupName: 'Choir', memberCount: 3 });
    expect(admin.next).toBeNull();
    expect(admin.roles).toEqual([
      {
        memberId: extra.body.id,
        familyId: kim.familyId,
        memberName: 'Aaron Kim',
        label: null,
        leader: false,
        cDate: expect.any(String),
      },
      {
        memberId: abe.memberId,
        familyId: abe.familyId,
        memberName: 'Lydia Abe',
        label: null,
        leader: false,
        cDate: expect.any(String),
      },
      {
        memberId: kim.memberId,
        familyId: kim.familyId,
        memberName: 'Lydia Kim',
        label: 'Alto',
        leader: false,
        cDate: expect.any(String),
      },
    ]);
    // The Add Member modal finds people by search: no page lists anyone outside the group.
    expect(admin).not.toHaveProperty('members');

    const member = await memberAccountIn(church);
    const seen = (await page(member.token, groupId)).body;
    expect(seen).toEqual({ ...admin, canManage: false });
    expect((await list(member.token)).canManage).toBe(false);

    const before = await snapshotTable();
    const twice = await addRole(church.adminToken, groupId, kim.memberId, 'Soprano');
    expect(twice).toMatchObject({
      status: 409,
      body: { error: { code: 'already-exists', message: 'This member is already in the group.' } },
    });
    expect(await snapshotTable()).toBe(before);
  });

  it('shows a role without a name as Unknown Member', async () => {
    const church = await createChurch();
    const groupId = await addGroup(church.adminToken, 'Old Data');
    const role = {
      groupId,
      memberId: newId(),
      familyId: '',
      orgId: church.orgId,
      memberName: '',
      groupName: 'Old Data',
      label: null,
      cDate: new Date().toISOString(),
    };
    await ddb.send(new PutCommand({ TableName: stack.env.TABLE_NAME, Item: roleItem(role) }));
    expect(await rolesOf(church.adminToken, groupId)).toEqual([
      {
        memberId: role.memberId,
        familyId: '',
        memberName: 'Unknown Member',
        label: null,
        leader: false,
        cDate: role.cDate,
      },
    ]);
  });

  it('deletes a group with its name claim and all its roles, and counts it', async () => {
    const church = await createChurch();
    const [a, b] = await Promise.all([addFamilyVia(church.adminToken), addFamilyVia(church.adminToken)]);
    const groupId = await addGroup(church.adminToken, 'Ushers');
    const keep = await addGroup(church.adminToken, 'Greeters');
    await addRole(church.adminToken, groupId, a.memberId, 'Lead');
    await addRole(church.adminToken, groupId, b.memberId);
    await addRole(church.adminToken, keep, a.memberId);
    const before = await groupCount(church.adminToken);

    const deleted = await call('deleteGroup', { token: church.adminToken, params: { groupId } });
    expect(deleted.body).toEqual({ success: true, message: 'Group "Ushers" deleted.' });
    expect(await getItem(keys.group(church.orgId, groupId))).toBeUndefined();
    expect(await getItem(keys.groupName(church.orgId, 'Ushers'))).toBeUndefined();
    expect(await getItem(keys.role(church.orgId, groupId, a.memberId))).toBeUndefined();
    expect(await getItem(keys.role(church.orgId, groupId, b.memberId))).toBeUndefined();
    expect(await getItem(keys.role(church.orgId, keep, a.memberId))).toBeDefined();
    expect(await groupCount(church.adminToken)).toBe(before - 1);
    expect((await list(church.adminToken)).groups.map((g) => g.groupName)).toEqual(['Greeters']);

    const again = await call('deleteGroup', { token: church.adminToken, params: { groupId } });
    expect(again).toMatchObject({ status: 404, body: { error: { code: 'not-found', message: 'Group not found.' } } });
  });

  it('deletes a group of more than 100 roles (in parts, the group last)', async () => {
    const church = await createChurch();
    const groupId = await addGroup(church.adminToken, 'Congregation');
    const cDate = new Date().toISOString();
    const roles = Array.from({ length: 130 }, (_, i) =>
      roleItem({
        groupId,
        memberId: newId(),
        familyId: newId(),
        orgId: church.orgId,
        memberName: `Member ${i}`,
        groupName: 'Congregation',
        label: null,
        cDate,
      }),
    );
    await batchPutAll(stack.env.TABLE_NAME!, roles);
    expect(await rolesOf(church.adminToken, groupId)).toHaveLength(130);
    const before = await groupCount(church.adminToken);
    expect((await call('deleteGroup', { token: church.adminToken, params: { groupId } })).status).toBe(200);
    expect((await list(church.adminToken)).groups).toEqual([]);
    // Nothing of the group is left but the audit trail's entries, which keep its history for a year.
    const left = (await tableNow()).filter((item) => item.includes(groupId));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((item) => item.includes('"type":"AUDIT"'))).toBe(true);
    expect(await groupCount(church.adminToken)).toBe(before - 1);
  });

  it('removes a member from a group; an absent role is not found', async () => {
    const church = await createChurch();
    const { memberId } = await addFamilyVia(church.adminToken);
    const groupId = await addGroup(church.adminToken, 'Band');
    await addRole(church.adminToken, groupId, memberId, 'Drums');
    const removed = await call('deleteRole', { token: church.adminToken, params: { groupId, memberId } });
    expect(removed.body).toEqual({ success: true, message: 'Member removed from the group.' });
    expect((await page(church.adminToken, groupId)).body).toMatchObject({ roles: [], group: { memberCount: 0 } });
    const again = await call('deleteRole', { token: church.adminToken, params: { groupId, memberId } });
    expect(again).toMatchObject({
      status: 404,
      body: { error: { code: 'not-found', message: 'This member is not in the group.' } },
    });
    // The member can be added again.
    expect((await addRole(church.adminToken, groupId, memberId)).status).toBe(200);
  });

  it('refuses unknown groups and members with not-found', async () => {
    const church = await createChurch();
    const { memberId } = await addFamilyVia(church.adminToken);
    const groupId = await addGroup(church.adminToken, 'Hosts');
    const before = await snapshotTable();
    expect((await addRole(church.adminToken, newId(), memberId)).body.error).toEqual({
      code: 'not-found',
      message: 'Group not found.',
    });
    expect((await addRole(church.adminToken, groupId, newId())).body.error).toEqual({
      code: 'not-found',
      message: 'Member not found.',
    });
    expect((await call('deleteGroup', { token: church.adminToken, params: { groupId: newId() } })).status).toBe(404);
    expect((await call('deleteRole', { token: church.adminToken, params: { groupId, memberId } })).status).toBe(404);
    expect(await snapshotTable()).toBe(before);
  });

  it('accepts a role only when group and member are of the caller’s church; another church sees nothing', async () => {
    const [church, other] = await Promise.all([createChurch(), createChurch()]);
    const [ours, theirs] = await Promise.all([addFamilyVia(church.adminToken), addFamilyVia(other.adminToken)]);
    const groupId = await addGroup(church.adminToken, 'Elders');
    const otherGroupId = await addGroup(other.adminToken, 'Elders');
    await addRole(church.adminToken, groupId, ours.memberId, 'Chair');
    const member = await createAccountIn(church.orgId);
    const before = await snapshotTable();

    // Another church's admin: this church's group, with this church's or their own member.
    expect((await addRole(other.adminToken, groupId, ours.memberId)).status).toBe(404);
    expect((await addRole(other.adminToken, groupId, theirs.memberId)).status).toBe(404);
    // Their own group with this church's member.
    expect((await addRole(other.adminToken, otherGroupId, ours.memberId)).body.error).toEqual({
      code: 'not-found',
      message: 'Member not found.',
    });
    // This church's admin with the other church's member or group.
    expect((await addRole(church.adminToken, groupId, theirs.memberId)).status).toBe(404);
    expect((await addRole(church.adminToken, otherGroupId, ours.memberId)).status).toBe(404);
    expect((await call('deleteGroup', { token: other.adminToken, params: { groupId } })).status).toBe(404);
    expect(
      (await call('deleteRole', { token: other.adminToken, params: { groupId, memberId: ours.memberId } })).status,
    ).toBe(404);
    // A member of the church cannot change groups.
    expect((await call('addGroup', { token: member.token, body: { groupName: 'Mine' } })).status).toBe(403);
    expect((await addRole(member.token, groupId, ours.memberId)).status).toBe(403);
    expect(
      (await call('deleteRole', { token: member.token, params: { groupId, memberId: ours.memberId } })).status,
    ).toBe(403);
    expect((await call('deleteGroup', { token: member.token, params: { groupId } })).status).toBe(403);
    expect(await snapshotTable()).toBe(before);

    expect((await list(other.adminToken)).groups).toEqual([
      { groupId: otherGroupId, groupName: 'Elders', memberCount: 0 },
    ]);
    expect((await page(other.adminToken, groupId)).status).toBe(404);
    // Their admin's search for a name both churches hold finds only their own.
    const found = await call<SearchDirectoryResult>('searchDirectory', { token: other.adminToken, query: 'q=lydia' });
    expect(found.body.families.map((f) => f.familyId)).toEqual([theirs.familyId]);
  });

  it('a removed admin is refused at once, before their token expires', async () => {
    const church = await createChurch();
    // Linked to a member: once no admin, still someone the church lists.
    const own = await addFamilyVia(church.adminToken);
    const admin = await createAccountIn(church.orgId, { admin: true, memberId: own.memberId, familyId: own.familyId });
    expect((await call('addGroup', { token: admin.token, body: { groupName: unique('Before') } })).status).toBe(200);
    await ddb.send(
      new PutCommand({
        TableName: stack.env.TABLE_NAME,
        Item: { ...(await getItem(keys.user(church.orgId, admin.userId)))!, admin: false },
      }),
    );
    expect((await call('addGroup', { token: admin.token, body: { groupName: unique('After') } })).status).toBe(403);
    expect((await list(admin.token)).canManage).toBe(false);
  });

  it('keeps roles in step with their member: renamed with it, removed with it', async () => {
    const church = await createChurch();
    const { familyId, memberId, memberVersion } = await addFamilyVia(church.adminToken, { surname: 'Osei' });
    const groupId = await addGroup(church.adminToken, 'Readers');
    await addRole(church.adminToken, groupId, memberId, 'Psalms');
    const renamed = await call('updateMember', {
      token: church.adminToken,
      params: { memberId },
      body: { name: 'Ama', version: memberVersion },
    });
    expect(renamed.status).toBe(200);
    expect(await rolesOf(church.adminToken, groupId)).toMatchObject([
      { memberId, familyId, memberName: 'Ama Osei', label: 'Psalms' },
    ]);

    expect((await call('deleteMember', { token: church.adminToken, params: { memberId } })).status).toBe(200);
    expect(await rolesOf(church.adminToken, groupId)).toEqual([]);
    expect(await countOf(church.adminToken, groupId)).toBe(0);
    expect(await getItem(keys.role(church.orgId, groupId, memberId))).toBeUndefined();
  });

  it('never leaves a role behind when a member is deleted while being added to groups', async () => {
    const church = await createChurch();
    const groups = await Promise.all(
      ['Race A', 'Race B', 'Race C'].map((name) => addGroup(church.adminToken, `${name} ${unique('g')}`)),
    );
    for (let round = 0; round < 3; round++) {
      const { memberId } = await addFamilyVia(church.adminToken);
      const answers = await Promise.all([
        call('deleteMember', { token: church.adminToken, params: { memberId } }),
        ...groups.map((groupId) => addRole(church.adminToken, groupId, memberId)),
      ]);
      for (const a of answers) expect([200, 404, 409], JSON.stringify(a.body)).toContain(a.status);
      const member = await call('getMember', { token: church.adminToken, params: { memberId } });
      const roles = (await groupsWithRoles(church.adminToken)).body.groups
        .flatMap((g) => g.roles)
        .filter((r) => r.memberId === memberId);
      // Either the member is gone with every role, or the delete was refused and the member stays.
      if (member.status === 404) expect(roles).toEqual([]);
      else expect(answers[0]!.status).toBe(409);
    }
  });
  it('pages a group’s members in name order, a page at most, each following the last; a renamed member moves', async () => {
    const church = await createChurch();
    const groupId = await addGroup(church.adminToken, 'Congregation');
    const cDate = new Date().toISOString();
    const names = Array.from({ length: ROLES_PAGE * 2 + 5 }, (_, i) => `Ålvar ${String(i).padStart(3, '0')}`);
    // Written in another order than the names': the pages must not follow the ids.
    const roles = names.map((memberName) => ({
      groupId,
      memberId: newId(),
      familyId: newId(),
      orgId: church.orgId,
      memberName,
      groupName: 'Congregation',
      label: null,
      cDate,
    }));
    await batchPutAll(stack.env.TABLE_NAME!, roles.map(roleItem));
    const first = (await page(church.adminToken, groupId)).body;
    expect(first.roles).toHaveLength(ROLES_PAGE);
    expect(first.next).toEqual(expect.any(String));
    const second = (await page(church.adminToken, groupId, first.next!)).body;
    expect(second.roles).toHaveLength(ROLES_PAGE);
    const last = (await page(church.adminToken, groupId, second.next!)).body;
    expect(last.roles).toHaveLength(5);
    expect(last.next).toBeNull();
    expect([...first.roles, ...second.roles, ...last.roles].map((r) => r.memberName)).toEqual(names);

    // A member renamed (here straight on its role, as the member's write does) takes its new place.
    const moved = roles[0]!;
    await ddb.send(
      new UpdateCommand({
        TableName: stack.env.TABLE_NAME,
        Key: keys.role(church.orgId, groupId, moved.memberId),
        UpdateExpression: 'SET memberName = :n, GSI4SK = :at',
        ExpressionAttributeValues: { ':n': 'Zed Last', ':at': keys.roleAt('Zed Last', moved.memberId) },
      }),
    );
    expect((await rolesOf(church.adminToken, groupId)).at(-1)!.memberName).toBe('Zed Last');
  });

  it('keeps each group’s member count with every role added or removed, by the group, the member or the family', async () => {
    const church = await createChurch();
    const [one, two] = await Promise.all([addFamilyVia(church.adminToken), addFamilyVia(church.adminToken)]);
    const extra = await call<{ id: string }>('addMember', {
      token: church.adminToken,
      body: { familyId: one.familyId, name: 'Second' },
    });
    const [a, b] = await Promise.all([addGroup(church.adminToken, 'Count A'), addGroup(church.adminToken, 'Count B')]);
    for (const memberId of [one.memberId, extra.body.id, two.memberId]) await addRole(church.adminToken, a, memberId);
    await addRole(church.adminToken, b, one.memberId);
    await addRole(church.adminToken, b, two.memberId);
    expect(await countOf(church.adminToken, a)).toBe(3);
    expect(await countOf(church.adminToken, b)).toBe(2);

    await call('deleteRole', { token: church.adminToken, params: { groupId: b, memberId: two.memberId } });
    expect(await countOf(church.adminToken, b)).toBe(1);
    await call('deleteMember', { token: church.adminToken, params: { memberId: two.memberId } });
    expect(await countOf(church.adminToken, a)).toBe(2);
    // A family leaves every group of each of its members.
    expect((await call('deleteFamily', { token: church.adminToken, params: { familyId: one.familyId } })).status).toBe(
      200,
    );
    expect(await countOf(church.adminToken, a)).toBe(0);
    expect(await countOf(church.adminToken, b)).toBe(0);
  });

  it('answers not-found for a group that is not there, and a page past the last member empty', async () => {
    const church = await createChurch();
    const missing = await page(church.adminToken, newId());
    expect(missing).toMatchObject({ status: 404, body: { error: { code: 'not-found', message: 'Group not found.' } } });
    const groupId = await addGroup(church.adminToken, 'Quiet');
    expect((await page(church.adminToken, groupId, `zzz#${newId()}`)).body).toEqual({
      group: { groupId, groupName: 'Quiet', memberCount: 0 },
      roles: [],
      next: null,
      canManage: true,
    });
  });

  it('puts older groups and roles in their pages’ order with their counts, once (the migration)', async () => {
    const church = await createChurch();
    const { memberId, familyId } = await addFamilyVia(church.adminToken, { surname: 'Mensah' });
    const groupId = await addGroup(church.adminToken, 'Older');
    await addRole(church.adminToken, groupId, memberId, 'Lead');
    // As written before the pages: no place in either index, no count.
    for (const [Key, attributes] of [
      [keys.group(church.orgId, groupId), 'GSI1PK, GSI1SK, roleCount'],
      [keys.role(church.orgId, groupId, memberId), 'GSI4PK, GSI4SK'],
    ] as const)
      await ddb.send(
        new UpdateCommand({ TableName: stack.env.TABLE_NAME, Key, UpdateExpression: `REMOVE ${attributes}` }),
      );
    expect((await list(church.adminToken)).groups).toEqual([]);

    expect(await backfillGroupOrder(church.orgId)).toEqual({ groups: 1, roles: 1 });
    expect((await list(church.adminToken)).groups).toEqual([{ groupId, groupName: 'Older', memberCount: 1 }]);
    expect(await rolesOf(church.adminToken, groupId)).toMatchObject([{ memberId, familyId, label: 'Lead' }]);
    const before = await snapshotTable();
    expect(await backfillGroupOrder(church.orgId)).toEqual({ groups: 0, roles: 0 });
    expect(await snapshotTable()).toBe(before);
  });
});
