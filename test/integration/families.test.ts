import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/core/repos/keys';
import { roleItem } from '../../lambdas/directory/repos/items';
import { ddb } from '../../lambdas/platform/aws/ddb';
import type { FamilyView, ListFamiliesResult, DashboardResult } from '../../lambdas/contract/api';
import { AddMemberInput, UpdateFamilyInput, UpdateMemberInput } from '../../lambdas/contract/directory';
import { AddRoleInput } from '../../lambdas/contract/groups';
import { updateFamily } from '../../lambdas/directory/families';
import * as groups from '../../lambdas/groups/groups';
import { addMember, updateMember } from '../../lambdas/directory/members';
import { call } from '../support/api';
import { groupsWithRoles, rolesOf } from '../support/groups';
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
import { adminOf, beforeItsWrite } from '../support/interleave';

const getItem = async (Key: Record<string, unknown>) =>
  (await ddb.send(new GetCommand({ TableName: stack.env.TABLE_NAME, Key }))).Item;
const counts = async (token: string) => (await call<DashboardResult>('getDashboard', { token })).body.counts;
const family = async (token: string, familyId: string) =>
  (await call<{ family: FamilyView }>('getFamily', { token, params: { familyId } })).body.family;

async function addRole(orgId: string, memberId: string, familyId: string, memberName: string) {
  const role = {
    groupId: newId(),
    memberId,
    familyId,
    orgId,
    memberName,
    groupName: 'Choir',
    label: 'Alto',
    cDate: new Date().toISOString(),
  };
  await ddb.send(new PutCommand({ TableName: stack.env.TABLE_NAME, Item: roleItem(role) }));
  return role;
}

describe('families', () => {
  it('adds a family (empty optionals as null, state upper-cased), lists it by surname and counts it', async () => {
    const church = await createChurch();
    const before = await counts(church.adminToken);
    const b = await call('addFamily', {
      token: church.adminToken,
      body: { surname: '  Brown ', state: 'nc', zipcode: '27601-1234', street: '', phone: null },
    });
    const a = await call('addFamily', { token: church.adminToken, body: { surname: 'Ødegård', anniversary: '02/29' } });
    const c = await call('addFamily', { token: church.adminToken, body: { surname: 'adams' } });
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(b.body).toMatchObject({ success: true, message: 'Family added successfully!', version: 1 });

    const list = await call<ListFamiliesResult>('listFamilies', { token: church.adminToken });
    expect(list.body.families.map((f) => f.surname)).toEqual(['adams', 'Brown', 'Ødegård']);
    expect(list.body.canAddFamily).toBe(true);
    expect(list.body.families[1]).toMatchObject({
      surname: 'Brown',
      state: 'NC',
      zipcode: '27601-1234',
      street: null,
      phone: null,
      photoUrl: null,
      canEdit: true,
      members: [],
    });
    // The photo is shown by URL; its storage key stays on the server.
    expect(list.body.families[1]).not.toHaveProperty('photo');
    expect(await counts(church.adminToken)).toEqual({ ...before, families: before.families + 3 });
  });

  it('answers not found for another church’s family, and lets members read but not change', async () => {
    const [church, other] = await Promise.all([createChurch(), createChurch()]);
    const { familyId, familyVersion } = await addFamilyVia(church.adminToken);
    expect((await call('getFamily', { token: other.adminToken, params: { familyId } })).status).toBe(404);
    const member = await memberAccountIn(church);
    const before = await snapshotTable();
    expect(
      (
        await call('updateFamily', {
          token: other.adminToken,
          params: { familyId },
          body: { surname: 'Taken', version: familyVersion },
        })
      ).status,
    ).toBe(404);
    expect((await call('deleteFamily', { token: other.adminToken, params: { familyId } })).status).toBe(404);
    const seen = await call<{ family: FamilyView }>('getFamily', { token: member.token, params: { familyId } });
    expect(seen.body.family).toMatchObject({ familyId, canEdit: false });
    expect((await call<ListFamiliesResult>('listFamilies', { token: member.token })).body.canAddFamily).toBe(false);
    const denied = await call('updateFamily', {
      token: member.token,
      params: { familyId },
      body: { surname: 'Mine', version: familyVersion },
    });
    // Not found, as an unknown id: the answer says nothing of the family (test/integration/side-channels.test.ts).
    expect(denied.body.error).toEqual({ code: 'not-found', message: 'Family not found.' });
    expect(await snapshotTable()).toBe(before);
  });

  it('lets a family user edit their own family, not another', async () => {
    const church = await createChurch();
    const [own, theirs] = await Promise.all([addFamilyVia(church.adminToken), addFamilyVia(church.adminToken)]);
    const user = await createAccountIn(church.orgId, { familyId: own.familyId, memberId: own.memberId });
    const mine = await call('updateFamily', {
      token: user.token,
      params: { familyId: own.familyId },
      body: { surname: 'Renamed', version: own.familyVersion },
    });
    expect(mine.body).toMatchObject({ success: true, message: 'Family updated successfully!', version: 2 });
    expect(
      (
        await call('updateFamily', {
          token: user.token,
          params: { familyId: theirs.familyId },
          body: { surname: 'X', version: theirs.familyVersion },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call<ListFamiliesResult>('listFamilies', { token: user.token })).body.families
        .filter((f) => f.canEdit)
        .map((f) => f.familyId),
    ).toEqual([own.familyId]);
  });

  it('refuses a stale version with a clear message and keeps the first edit', async () => {
    const church = await createChurch();
    const { familyId, familyVersion } = await addFamilyVia(church.adminToken);
    const body = (surname: string) => ({ surname, version: familyVersion });
    const [first, second] = await Promise.all([
      call('updateFamily', { token: church.adminToken, params: { familyId }, body: body('First') }),
      call('updateFamily', { token: church.adminToken, params: { familyId }, body: body('Second') }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(loser.body.error).toMatchObject({
      code: 'aborted',
      message: expect.stringContaining('Someone else changed this family'),
    });
    const winner = first.status === 200 ? 'First' : 'Second';
    expect(await family(church.adminToken, familyId)).toMatchObject({ surname: winner, version: 2 });
  });

  it('renames the family on its members and their group roles in the same change', async () => {
    const church = await createChurch();
    const { familyId, familyVersion, memberId } = await addFamilyVia(church.adminToken, { surname: 'Old' });
    const role = await addRole(church.orgId, memberId, familyId, 'Lydia Old');
    const answer = await call('updateFamily', {
      token: church.adminToken,
      params: { familyId },
      body: { surname: 'New', version: familyVersion },
    });
    expect(answer.status).toBe(200);
    expect((await family(church.adminToken, familyId)).members[0]).toMatchObject({ name: 'Lydia', surname: 'New' });
    expect(await getItem(keys.role(church.orgId, role.groupId, memberId))).toMatchObject({ memberName: 'Lydia New' });
  });

  it('refuses a member add, a member edit or a role add that read the old surname before a rename saved', async () => {
    const church = await createChurch();
    const token = church.adminToken;
    const group = await call<{ groupId: string }>('addGroup', { token, body: { groupName: unique('Readers') } });
    const changes: Record<string, (familyId: string, memberId: string, memberVersion: number) => Promise<unknown>> = {
      addMember: (familyId) => addMember(adminOf(church), AddMemberInput.parse({ familyId, name: 'Joiner' })),
      updateMember: (_f, memberId, version) =>
        updateMember(adminOf(church), memberId, UpdateMemberInput.parse({ name: 'Edited', version })),
      addRole: (_f, memberId) => groups.addRole(adminOf(church), group.body.groupId, AddRoleInput.parse({ memberId })),
    };
    for (const [change, run] of Object.entries(changes)) {
      const { familyId, familyVersion, memberId, memberVersion } = await addFamilyVia(token, { surname: 'Before' });
      const rename = async () =>
        expect(
          (
            await call('updateFamily', {
              token,
              params: { familyId },
              body: { surname: 'After', version: familyVersion },
            })
          ).status,
        ).toBe(200);
      await expect(
        beforeItsWrite(rename, () => run(familyId, memberId, memberVersion)),
        change,
      ).rejects.toMatchObject({ code: 'aborted' });
      const seen = await family(token, familyId);
      expect(
        seen.members.map((m) => `${m.name} ${m.surname}`),
        change,
      ).toEqual(['Lydia After']);
      const roles = (await groupsWithRoles(token)).body.groups
        .flatMap((g) => g.roles)
        .filter((r) => r.familyId === familyId);
      expect(roles, change).toEqual([]);
    }
  });

  it('refuses a rename that read the members before one of them was added to a group, so the role keeps no old name', async () => {
    const church = await createChurch();
    const token = church.adminToken;
    const group = await call<{ groupId: string }>('addGroup', { token, body: { groupName: unique('Readers') } });
    const { familyId, familyVersion, memberId } = await addFamilyVia(token, { surname: 'Before' });
    const joinGroup = async () =>
      expect(
        (await call('addRole', { token, params: { groupId: group.body.groupId }, body: { memberId } })).status,
      ).toBe(200);
    const rename = () =>
      updateFamily(adminOf(church), familyId, UpdateFamilyInput.parse({ surname: 'After', version: familyVersion }));
    await expect(beforeItsWrite(joinGroup, rename)).rejects.toMatchObject({ code: 'aborted' });
    expect(await rolesOf(token, group.body.groupId)).toMatchObject([{ memberId, memberName: 'Lydia Before' }]);
  });

  it('deletes a family with its members, their e-mail claims and roles in one go, and updates the counts', async () => {
    const church = await createChurch();
    const { familyId, memberId } = await addFamilyVia(church.adminToken);
    const email = `${unique('ruth')}@example.org`;
    const second = await call<{ id: string }>('addMember', {
      token: church.adminToken,
      body: { familyId, name: 'Ruth', email },
    });
    const role = await addRole(church.orgId, memberId, familyId, 'Lydia X');
    const before = await counts(church.adminToken);

    const answer = await call('deleteFamily', { token: church.adminToken, params: { familyId } });
    expect(answer.body).toMatchObject({ success: true, message: expect.stringMatching(/^Family ".+" deleted\.$/) });
    expect((await call('getFamily', { token: church.adminToken, params: { familyId } })).status).toBe(404);
    expect((await call('getMember', { token: church.adminToken, params: { memberId: second.body.id } })).status).toBe(
      404,
    );
    expect(await getItem(keys.role(church.orgId, role.groupId, memberId))).toBeUndefined();
    expect(await getItem(keys.memberEmailClaim(church.orgId, email))).toBeUndefined();
    expect(await counts(church.adminToken)).toEqual({
      ...before,
      families: before.families - 1,
      members: before.members - 2,
    });
    // The e-mail is free again.
    const again = await addFamilyVia(church.adminToken);
    expect(
      (await call('addMember', { token: church.adminToken, body: { familyId: again.familyId, name: 'Ruth', email } }))
        .status,
    ).toBe(200);
  });

  it("deletes a family left out of the directory from the church's list of such families, keeping the others", async () => {
    const church = await createChurch();
    const [gone, kept] = await Promise.all([addFamilyVia(church.adminToken), addFamilyVia(church.adminToken)]);
    for (const { familyId } of [gone, kept]) {
      const body = { unlisted: true, family: {}, members: {} };
      expect((await call('setFamilyPrivacy', { token: church.adminToken, params: { familyId }, body })).status).toBe(
        200,
      );
    }
    expect((await call('deleteFamily', { token: church.adminToken, params: { familyId: gone.familyId } })).status).toBe(
      200,
    );
    expect([...((await getItem(keys.privacy(church.orgId)))!.unlisted as Set<string>)]).toEqual([kept.familyId]);
  });

  it('deletes a family too large for one transaction in parts, each part keeping the counts true', async () => {
    const church = await createChurch();
    const { familyId } = await addFamilyVia(church.adminToken);
    // 60 members with e-mails: 1 + 60 x 2 + the counter = 122 actions, past DynamoDB's 100.
    for (let i = 0; i < 59; i++) {
      const added = await call('addMember', {
        token: church.adminToken,
        body: { familyId, name: `Member ${i}`, email: `${unique('big')}@example.org` },
      });
      expect(added.status).toBe(200);
    }
    expect(await counts(church.adminToken)).toMatchObject({ families: 1, members: 60 });
    expect((await call('deleteFamily', { token: church.adminToken, params: { familyId } })).status).toBe(200);
    expect(await counts(church.adminToken)).toMatchObject({ families: 0, members: 0 });
    expect((await call<ListFamiliesResult>('listFamilies', { token: church.adminToken })).body.families).toEqual([]);
  });

  it('refuses to delete a family whose members changed since it was read (no orphan member)', async () => {
    const church = await createChurch();
    const { familyId } = await addFamilyVia(church.adminToken);
    // Many concurrent adds racing one delete: whatever wins, no member may outlive its family.
    const results = await Promise.all([
      call('deleteFamily', { token: church.adminToken, params: { familyId } }),
      ...Array.from({ length: 4 }, (_, i) =>
        call('addMember', { token: church.adminToken, body: { familyId, name: `Racer ${i}` } }),
      ),
    ]);
    const list = await call<ListFamiliesResult>('listFamilies', { token: church.adminToken });
    const dashboard = await counts(church.adminToken);
    const memberCount = list.body.families.reduce((n, f) => n + f.members.length, 0);
    expect(dashboard.members).toBe(memberCount);
    expect(dashboard.families).toBe(list.body.families.length);
    for (const r of results) expect([200, 404, 409]).toContain(r.status);
    const { Items } = await ddb.send(
      new (await import('@aws-sdk/lib-dynamodb')).QueryCommand({
        TableName: stack.env.TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :f)',
        ExpressionAttributeValues: { ':pk': keys.orgPartition(church.orgId), ':f': `FAM#${familyId}` },
      }),
    );
    const hasFamily = Items!.some((i) => i.type === 'FAMILY');
    if (!hasFamily) expect(Items).toEqual([]);
  });
});
