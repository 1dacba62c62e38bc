/**
 * The group marks (lambdas/groups/repos/groupMarks.ts): members and families carry who is in which
 * group, changed in the same transaction as every role, so the visibility rule needs no read of
 * the roles. Here: the marks follow every way a role begins or ends (also two at once in one
 * family), the rule reads them, and the backfill makes older data's marks true.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { FamilyView } from '../../lambdas/contract/api';
import { OPEN_LEVELS } from '../../lambdas/contract/privacy';
import { backfillGroupMarks } from '../../lambdas/migrations/repos/groupMarksBackfill';
import { keys } from '../../lambdas/core/repos/keys';
import { batchPutAll } from '../../lambdas/core/repos/batch';
import { roleItem } from '../../lambdas/directory/repos/items';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { call } from '../support/api';
import { stack } from '../support/env';
import { addFamilyVia, createChurch, memberAccountIn, newId, type Church } from '../support/fixtures';

const table = () => stack.env.TABLE_NAME!;
const item = async (Key: Record<string, unknown>) =>
  (await ddb.send(new GetCommand({ TableName: table(), Key, ConsistentRead: true }))).Item ?? {};
const sorted = (set: unknown) => (set instanceof Set ? [...(set as Set<string>)].sort() : []);

async function marksOf(orgId: string, familyId: string, memberIds: string[]) {
  const family = await item(keys.family(orgId, familyId));
  const members = await Promise.all(memberIds.map((m) => item(keys.member(orgId, familyId, m))));
  return {
    family: sorted(family.memberGroups),
    members: Object.fromEntries(memberIds.map((m, i) => [m, sorted(members[i]!.groupIds)])),
  };
}

async function addGroup(church: Church, groupName: string): Promise<string> {
  const added = await call<{ groupId: string }>('addGroup', { token: church.adminToken, body: { groupName } });
  expect(added.status).toBe(200);
  return added.body.groupId;
}

const addRole = (church: Church, groupId: string, memberId: string) =>
  call('addRole', { token: church.adminToken, params: { groupId }, body: { memberId } });

async function addMember(church: Church, familyId: string, name: string): Promise<string> {
  const added = await call<{ id: string }>('addMember', { token: church.adminToken, body: { familyId, name } });
  expect(added.status).toBe(200);
  return added.body.id;
}

describe('group marks', () => {
  it('follow every role that begins or ends, two at once in one family included', async () => {
    const church = await createChurch();
    const { familyId, memberId: a } = await addFamilyVia(church.adminToken);
    const b = await addMember(church, familyId, 'Ama');
    const [choir, band] = await Promise.all([addGroup(church, 'Choir'), addGroup(church, 'Band')]);

    // Two roles of one family at the same moment: neither mark is lost.
    const added = await Promise.all([addRole(church, choir, a), addRole(church, choir, b), addRole(church, band, b)]);
    // A role add that meets another on the same member may be refused as concurrent: add it again.
    for (const [i, [g, m]] of (
      [
        [choir, a],
        [choir, b],
        [band, b],
      ] as const
    ).entries())
      if (added[i]!.status !== 200) expect((await addRole(church, g, m)).status).toBe(200);
    expect(await marksOf(church.orgId, familyId, [a, b])).toEqual({
      family: [`${band}#${b}`, `${choir}#${a}`, `${choir}#${b}`].sort(),
      members: { [a]: [choir], [b]: [band, choir].sort() },
    });

    // A role removed, a member deleted, a group deleted: each takes its marks with it.
    expect(
      (await call('deleteRole', { token: church.adminToken, params: { groupId: choir, memberId: b } })).status,
    ).toBe(200);
    expect(await marksOf(church.orgId, familyId, [a, b])).toEqual({
      family: [`${band}#${b}`, `${choir}#${a}`].sort(),
      members: { [a]: [choir], [b]: [band] },
    });
    expect((await call('deleteMember', { token: church.adminToken, params: { memberId: b } })).status).toBe(200);
    expect((await marksOf(church.orgId, familyId, [a])).family).toEqual([`${choir}#${a}`]);
    expect((await call('deleteGroup', { token: church.adminToken, params: { groupId: choir } })).status).toBe(200);
    expect(await marksOf(church.orgId, familyId, [a])).toEqual({ family: [], members: { [a]: [] } });
  });

  it('decide what a member sees at the "groups" level, as roles change', async () => {
    const church = await createChurch();
    const viewer = await memberAccountIn(church);
    const other = await addFamilyVia(church.adminToken, { phone: '919-555-0177' });
    const choir = await addGroup(church, 'Choir');
    expect(
      (
        await call('setPrivacyDefaults', {
          token: church.adminToken,
          body: { levels: { ...OPEN_LEVELS, phone: 'groups' } },
        })
      ).status,
    ).toBe(200);
    const phoneSeen = async () =>
      (await call<{ family: FamilyView }>('getFamily', { token: viewer.token, params: { familyId: other.familyId } }))
        .body.family.phone;

    expect(await phoneSeen()).toBeNull();
    expect((await addRole(church, choir, viewer.family.memberId)).status).toBe(200);
    expect((await addRole(church, choir, other.memberId)).status).toBe(200);
    expect(await phoneSeen()).toBe('919-555-0177');
    expect(
      (await call('deleteRole', { token: church.adminToken, params: { groupId: choir, memberId: other.memberId } }))
        .status,
    ).toBe(200);
    expect(await phoneSeen()).toBeNull();
  });

  it('are made true for older data by the backfill, which then changes nothing', async () => {
    const church = await createChurch();
    const { familyId, memberId } = await addFamilyVia(church.adminToken);
    const choir = await addGroup(church, 'Choir');
    // A role written before the marks existed (no marks), and a mark left with no role.
    await batchPutAll(table(), [
      roleItem({
        groupId: choir,
        memberId,
        familyId,
        orgId: church.orgId,
        memberName: 'Lydia',
        groupName: 'Choir',
        label: null,
        cDate: new Date().toISOString(),
      }),
    ]);
    const stale = newId();
    await ddb.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.family(church.orgId, familyId),
        UpdateExpression: 'ADD memberGroups :m',
        ExpressionAttributeValues: { ':m': new Set([`${stale}#${memberId}`]) },
      }),
    );

    expect(await backfillGroupMarks(church.orgId)).toEqual({ members: 1, families: 1 });
    expect(await marksOf(church.orgId, familyId, [memberId])).toEqual({
      family: [`${choir}#${memberId}`],
      members: { [memberId]: [choir] },
    });
    expect(await backfillGroupMarks(church.orgId)).toEqual({ members: 0, families: 0 });
  });
});
