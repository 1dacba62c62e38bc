/**
 * Bad input on every group write route: a clear 400 with the form's message where it has one,
 * never a 500, and nothing written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListGroupsResult } from '../../lambdas/contract/api';
import { call } from '../support/api';
import { rolesOf } from '../support/groups';
import { expectRefusedUnchanged, type BadInputCase } from '../support/bad-input';
import { addFamilyVia, createChurch, type Church } from '../support/fixtures';

const long = (n: number) => 'x'.repeat(n);

let church: Church;
let target: Awaited<ReturnType<typeof addFamilyVia>>;
let groupId: string;
beforeAll(async () => {
  church = await createChurch();
  target = await addFamilyVia(church.adminToken);
  const added = await call<{ groupId: string }>('addGroup', {
    token: church.adminToken,
    body: { groupName: 'Valid Group' },
  });
  groupId = added.body.groupId;
});

type Case = BadInputCase;

const role = (extra: Record<string, unknown>) => ({
  params: { groupId },
  body: { memberId: target.memberId, ...extra },
});

const cases: Case[] = [
  ['no group name', 'addGroup', () => ({ body: {} }), 'Group Name cannot be empty.'],
  ['blank group name', 'addGroup', () => ({ body: { groupName: '   ' } }), 'Group Name cannot be empty.'],
  ['group name null', 'addGroup', () => ({ body: { groupName: null } }), 'Group Name cannot be empty.'],
  ['group name a number', 'addGroup', () => ({ body: { groupName: 7 } }), 'Group Name cannot be empty.'],
  ['group name an object', 'addGroup', () => ({ body: { groupName: { S: 'Choir' } } }), 'Group Name cannot be empty.'],
  [
    'group name of 101 characters',
    'addGroup',
    () => ({ body: { groupName: long(101) } }),
    'Please use at most 100 characters.',
  ],
  ['group name 10,000 characters', 'addGroup', () => ({ body: { groupName: long(10_000) } })],
  ['group body not JSON', 'addGroup', () => ({ rawBody: '{"groupName":' }), 'The request body is not valid JSON.'],
  ['group body an array', 'addGroup', () => ({ rawBody: '["Choir"]' })],
  [
    'group body over 256 KB',
    'addGroup',
    () => ({ rawBody: JSON.stringify({ groupName: long(300_000) }) }),
    'The request is too large.',
  ],
  ['delete with a malformed group id', 'deleteGroup', () => ({ params: { groupId: '<script>' } })],
  ['delete with a group id of 100 characters', 'deleteGroup', () => ({ params: { groupId: long(100) } })],
  ['role without member', 'addRole', () => ({ params: { groupId }, body: {} }), 'Please select a member to add.'],
  ['role with blank member', 'addRole', () => role({ memberId: '  ' }), 'Please select a member to add.'],
  ['role with member a number', 'addRole', () => role({ memberId: 12 }), 'Please select a member to add.'],
  [
    'role with a malformed member id',
    'addRole',
    () => role({ memberId: 'a/b;DROP' }),
    'Could not find selected member details.',
  ],
  [
    'role label of 51 characters',
    'addRole',
    () => role({ label: long(51) }),
    'The role label can be at most 50 characters.',
  ],
  [
    'role label as an array',
    'addRole',
    () => role({ label: ['Alto'] }),
    'Invalid data provided. Please check your input.',
  ],
  ['role in a malformed group', 'addRole', () => ({ ...role({}), params: { groupId: '../x' } })],
  [
    'role body not JSON',
    'addRole',
    () => ({ params: { groupId }, rawBody: '{' }),
    'The request body is not valid JSON.',
  ],
  ['remove with a malformed member id', 'deleteRole', () => ({ params: { groupId, memberId: '<b>' } })],
  ['remove with a malformed group id', 'deleteRole', () => ({ params: { groupId: 'a b', memberId: target.memberId } })],
  ['a group page of a malformed group id', 'getGroup', () => ({ params: { groupId: '<b>' } })],
  ...['smith', 'a#b#c', `smith#${'x'.repeat(65)}`, 'smith#a b', `${'a'.repeat(300)}#abc`].map((after): Case => [
    `a group page after "${after.slice(0, 20)}"`,
    'getGroup',
    () => ({ params: { groupId }, query: `after=${encodeURIComponent(after)}` }),
    "That place in the group's members is not one the page gave.",
  ]),
];

describe('group routes refuse bad input clearly and write nothing', () => {
  it.each(cases)('%s (%s)', async (_label, operation, request, message) => {
    await expectRefusedUnchanged(church.adminToken, operation, request(), message);
  });

  it('ignores an orgId smuggled into a body: the token’s church is used', async () => {
    const other = await createChurch();
    const added = await call<{ groupId: string }>('addGroup', {
      token: church.adminToken,
      body: { groupName: 'Smugglers', orgId: other.orgId },
    });
    expect(added.status).toBe(200);
    const theirs = await call<{ groups: unknown[] }>('listGroups', { token: other.adminToken });
    expect(theirs.body.groups).toEqual([]);
  });

  it('keeps HTML in group names and labels as text', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const added = await call<{ groupId: string }>('addGroup', { token: church.adminToken, body: { groupName: name } });
    expect(added.status).toBe(200);
    expect(
      (
        await call('addRole', {
          token: church.adminToken,
          params: { groupId: added.body.groupId },
          body: { memberId: target.memberId, label: '<b>x</b>' },
        })
      ).status,
    ).toBe(200);
    const read = await call<ListGroupsResult>('listGroups', { token: church.adminToken });
    expect(read.body.groups.find((g) => g.groupId === added.body.groupId)?.groupName).toBe(name);
    expect((await rolesOf(church.adminToken, added.body.groupId))[0]?.label).toBe('<b>x</b>');
  });
});
