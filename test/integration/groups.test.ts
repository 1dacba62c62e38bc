import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { SearchDirectoryResult, DashboardResult, ListGroupsResult } from '../../lambdas/contract/api';
import { keys } from '../../lambdas/domain/keys';
import { batchPutAll } from '../../lambdas/domain/repos/batch';
import { roleItem } from '../../lambdas/domain/repos/items';
import { ddb } from '../../lambdas/platform/ddb';
import { call } from '../support/api';
import { stack } from '../support/env';
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
    expect(body.groups.every((g) => g.roles.length === 0)).toBe(true);
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

  it('adds members with optional labels; lists roles by name, and the members for the modal to admins only', async () => {
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

    const admin = await list(church.adminToken);
    expect(admin.canManage).toBe(true);
    expect(admin.groups[0]!.roles).toEqual([
      {
        memberId: extra.body.id,
        familyId: kim.familyId,
        memberName: 'Aaron Kim',
        label: null,
        cDate: expect.any(String),
      },
      {
        memberId: abe.memberId,
        familyId: abe.familyId,
        memberName: 'Lydia Abe',
        label: null,
        cDate: expect.any(String),
      },
      {
        memberId: kim.memberId,
        familyId: kim.familyId,
        memberName: 'Lydia Kim',
        label: 'Alto',
        cDate: expect.any(String),
      },
    ]);
    // The Add Member modal finds people by search: the groups page lists no one outside its groups.
    expect(admin).not.toHaveProperty('members');

    const member = await memberAccountIn(church);
    const seen = await list(member.token);
    expect(seen.canManage).toBe(false);
    expect(seen).not.toHaveProperty('members');
    expect(seen.groups).toEqual(admin.groups);

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
    expect((await list(church.adminToken)).groups[0]!.roles).toEqual([
      { memberId: role.memberId, familyId: '', memberName: 'Unknown Member', label: null, cDate: role.cDate },
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
    expect((await list(church.adminToken)).groups[0]!.roles).toHaveLength(130);
    const before = await groupCount(church.adminToken);
    expect((await call('deleteGroup', { token: church.adminToken, params: { groupId } })).status).toBe(200);
    expect((await list(church.adminToken)).groups).toEqual([]);
    expect(await snapshotTable()).not.toContain(groupId);
    expect(await groupCount(church.adminToken)).toBe(before - 1);
  });

  it('removes a member from a group; an absent role is not found', async () => {
    const church = await createChurch();
    const { memberId } = await addFamilyVia(church.adminToken);
    const groupId = await addGroup(church.adminToken, 'Band');
    await addRole(church.adminToken, groupId, memberId, 'Drums');
    const removed = await call('deleteRole', { token: church.adminToken, params: { groupId, memberId } });
    expect(removed.body).toEqual({ success: true, message: 'Member removed from the group.' });
    expect((await list(church.adminToken)).groups[0]!.roles).toEqual([]);
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

    expect((await list(other.adminToken)).groups).toEqual([{ groupId: otherGroupId, groupName: 'Elders', roles: [] }]);
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
    expect((await list(church.adminToken)).groups[0]!.roles).toMatchObject([
      { memberId, familyId, memberName: 'Ama Osei', label: 'Psalms' },
    ]);

    expect((await call('deleteMember', { token: church.adminToken, params: { memberId } })).status).toBe(200);
    expect((await list(church.adminToken)).groups[0]!.roles).toEqual([]);
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
      const roles = (await list(church.adminToken)).groups
        .flatMap((g) => g.roles)
        .filter((r) => r.memberId === memberId);
      // Either the member is gone with every role, or the delete was refused and the member stays.
      if (member.status === 404) expect(roles).toEqual([]);
      else expect(answers[0]!.status).toBe(409);
    }
  });
});
