import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { DashboardResult, GetMemberResult } from '../../lambdas/contract/api';
import { keys } from '../../lambdas/core/repos/keys';
import { roleItem } from '../../lambdas/directory/repos/items';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { call } from '../support/api';
import { stack } from '../support/env';
import { OPEN_RULES } from '../../lambdas/contract/changeRules';
import { addFamilyVia, createAccountIn, createChurch, newId, snapshotTable, unique } from '../support/fixtures';

const getItem = async (Key: Record<string, unknown>) =>
  (await ddb.send(new GetCommand({ TableName: stack.env.TABLE_NAME, Key }))).Item;
const memberCount = async (token: string) =>
  (await call<DashboardResult>('getDashboard', { token })).body.counts.members;

describe('members', () => {
  it('adds a member (trimmed, e-mail lower-cased, surname from the family) and counts it', async () => {
    const church = await createChurch();
    const { familyId } = await addFamilyVia(church.adminToken, { surname: 'Kim' });
    const before = await memberCount(church.adminToken);
    const email = `${unique('Hana')}@Example.org`;
    const added = await call<{ id: string }>('addMember', {
      token: church.adminToken,
      body: { familyId, name: '  Hana ', birthday: '12/01', cellphone: ' 555 ', email },
    });
    expect(added.body).toMatchObject({ success: true, message: 'Member added successfully!', version: 1 });
    const read = await call<GetMemberResult>('getMember', {
      token: church.adminToken,
      params: { memberId: added.body.id },
    });
    expect(read.body).toEqual({
      canEdit: true,
      // What the church lets families change, for the administrator's form (a church that never chose: everything).
      rules: OPEN_RULES,
      member: {
        memberId: added.body.id,
        familyId,
        name: 'Hana',
        surname: 'Kim',
        birthday: '12/01',
        cellphone: '555',
        email: email.toLowerCase(),
        version: 1,
        // Shown to an administrator: nobody chose, so the church's defaults (everyone) apply.
        privacy: { choices: {}, levels: { cellphone: 'everyone', email: 'everyone', birthday: 'everyone' } },
      },
    });
    expect(await memberCount(church.adminToken)).toBe(before + 1);
  });

  it('keeps e-mails unique within a church, case-insensitively, but not across churches', async () => {
    const [church, other] = await Promise.all([createChurch(), createChurch()]);
    const [a, b] = await Promise.all([addFamilyVia(church.adminToken), addFamilyVia(other.adminToken)]);
    const email = `${unique('same')}@example.org`;
    expect(
      (await call('addMember', { token: church.adminToken, body: { familyId: a.familyId, name: 'One', email } }))
        .status,
    ).toBe(200);
    const before = await snapshotTable();
    const twice = await call('addMember', {
      token: church.adminToken,
      body: { familyId: a.familyId, name: 'Two', email: email.toUpperCase() },
    });
    expect(twice).toMatchObject({
      status: 409,
      body: {
        error: {
          code: 'already-exists',
          message: 'A member with this email address already exists in your organization.',
        },
      },
    });
    const taken = await call('updateMember', {
      token: church.adminToken,
      params: { memberId: a.memberId },
      body: { name: 'Lydia', email, version: a.memberVersion },
    });
    expect(taken.status).toBe(409);
    expect(await snapshotTable()).toBe(before);
    expect(
      (await call('addMember', { token: other.adminToken, body: { familyId: b.familyId, name: 'Elsewhere', email } }))
        .status,
    ).toBe(200);
  });

  it('moves the e-mail claim when the e-mail changes, and renames the member’s roles', async () => {
    const church = await createChurch();
    const { familyId, memberId, memberVersion } = await addFamilyVia(church.adminToken, { surname: 'Haddad' });
    const oldEmail = `${unique('old')}@example.org`;
    const newEmail = `${unique('new')}@example.org`;
    const first = await call<{ version: number }>('updateMember', {
      token: church.adminToken,
      params: { memberId },
      body: { name: 'Lydia', email: oldEmail, version: memberVersion },
    });
    const role = {
      groupId: newId(),
      memberId,
      familyId,
      orgId: church.orgId,
      memberName: 'Lydia Haddad',
      groupName: 'Choir',
      label: null,
      cDate: new Date().toISOString(),
    };
    await ddb.send(new PutCommand({ TableName: stack.env.TABLE_NAME, Item: roleItem(role) }));

    const second = await call('updateMember', {
      token: church.adminToken,
      params: { memberId },
      body: { name: 'Lyd', birthday: null, cellphone: null, email: newEmail, version: first.body.version },
    });
    expect(second.body).toMatchObject({ success: true, message: 'Member updated successfully!', version: 3 });
    expect(await getItem(keys.memberEmailClaim(church.orgId, oldEmail))).toBeUndefined();
    expect(await getItem(keys.memberEmailClaim(church.orgId, newEmail))).toMatchObject({ memberId });
    expect(await getItem(keys.role(church.orgId, role.groupId, memberId))).toMatchObject({ memberName: 'Lyd Haddad' });
    // The old address is free for someone else now.
    expect(
      (await call('addMember', { token: church.adminToken, body: { familyId, name: 'Other', email: oldEmail } }))
        .status,
    ).toBe(200);
  });

  it('refuses a stale member version', async () => {
    const church = await createChurch();
    const { memberId, memberVersion } = await addFamilyVia(church.adminToken);
    expect(
      (
        await call('updateMember', {
          token: church.adminToken,
          params: { memberId },
          body: { name: 'A', version: memberVersion },
        })
      ).status,
    ).toBe(200);
    const stale = await call('updateMember', {
      token: church.adminToken,
      params: { memberId },
      body: { name: 'B', version: memberVersion },
    });
    expect(stale.body.error).toMatchObject({
      code: 'aborted',
      message: expect.stringContaining('Someone else changed this member'),
    });
    expect(
      (await call<GetMemberResult>('getMember', { token: church.adminToken, params: { memberId } })).body.member.name,
    ).toBe('A');
  });

  it('deletes a member with its roles and e-mail claim, and counts it', async () => {
    const church = await createChurch();
    const { familyId } = await addFamilyVia(church.adminToken);
    const email = `${unique('gone')}@example.org`;
    const added = await call<{ id: string }>('addMember', {
      token: church.adminToken,
      body: { familyId, name: 'Esther', email },
    });
    const memberId = added.body.id;
    const role = {
      groupId: newId(),
      memberId,
      familyId,
      orgId: church.orgId,
      memberName: 'Esther',
      groupName: 'Choir',
      label: null,
      cDate: new Date().toISOString(),
    };
    await ddb.send(new PutCommand({ TableName: stack.env.TABLE_NAME, Item: roleItem(role) }));
    const before = await memberCount(church.adminToken);
    expect((await call('deleteMember', { token: church.adminToken, params: { memberId } })).body).toEqual({
      success: true,
      message: 'Member "Esther" deleted.',
    });
    expect(await getItem(keys.role(church.orgId, role.groupId, memberId))).toBeUndefined();
    expect(await getItem(keys.memberEmailClaim(church.orgId, email))).toBeUndefined();
    expect(await memberCount(church.adminToken)).toBe(before - 1);
    expect((await call('deleteMember', { token: church.adminToken, params: { memberId } })).body.error).toEqual({
      code: 'not-found',
      message: 'Member not found.',
    });
  });

  it('lets the family user manage their own family’s members only; another church sees nothing', async () => {
    const [church, other] = await Promise.all([createChurch(), createChurch()]);
    const [own, theirs] = await Promise.all([addFamilyVia(church.adminToken), addFamilyVia(church.adminToken)]);
    const user = await createAccountIn(church.orgId, { familyId: own.familyId, memberId: own.memberId });
    const added = await call<{ id: string }>('addMember', {
      token: user.token,
      body: { familyId: own.familyId, name: 'Baby' },
    });
    expect(added.status).toBe(200);
    expect((await call('deleteMember', { token: user.token, params: { memberId: added.body.id } })).status).toBe(200);
    const before = await snapshotTable();
    expect(
      (await call('addMember', { token: user.token, body: { familyId: theirs.familyId, name: 'Intruder' } })).status,
    ).toBe(404);
    const denied = await call('updateMember', {
      token: user.token,
      params: { memberId: theirs.memberId },
      body: { name: 'X', version: 1 },
    });
    // Not found, as an unknown id: the answer says nothing of the member (test/integration/side-channels.test.ts).
    expect(denied.body.error).toEqual({ code: 'not-found', message: 'Member not found.' });
    expect(
      (await call<GetMemberResult>('getMember', { token: user.token, params: { memberId: theirs.memberId } })).body
        .canEdit,
    ).toBe(false);
    expect((await call('getMember', { token: other.adminToken, params: { memberId: own.memberId } })).status).toBe(404);
    expect(
      (await call('addMember', { token: other.adminToken, body: { familyId: own.familyId, name: 'Cross' } })).body
        .error,
    ).toEqual({ code: 'not-found', message: 'Family not found.' });
    expect((await call('deleteMember', { token: other.adminToken, params: { memberId: own.memberId } })).status).toBe(
      404,
    );
    expect(await snapshotTable()).toBe(before);
  });
});
