/**
 * The audit trail: each change writes one entry in its own transaction (who, when, which record,
 * each field's old and new value, the request), administrators browse it by record, person and
 * days with opaque pointers, entries expire after a year, and nobody else reads it.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { AUDIT_KEPT_DAYS, AUDIT_MESSAGES, AUDIT_PAGE, type ListAuditResult } from '../../lambdas/contract/audit';
import { keys } from '../../lambdas/core/repos/keys';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { routes } from '../../lambdas/routes';
import { call } from '../support/api';
import { stack } from '../support/env';
import { addFamilyVia, createChurch, memberAccountIn, signUpAndJoin, snapshotTable, unique } from '../support/fixtures';
import { finishedExport } from '../support/exports';
import type { ListUsersResult } from '../../lambdas/contract/api';

const history = (token: string, query = '') => call<ListAuditResult>('listAuditEntries', { token, query });

/** Every audit item of the church, as the table holds it. */
async function auditItems(orgId: string) {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: stack.env.TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :audit)',
      ExpressionAttributeValues: { ':pk': keys.orgPartition(orgId), ':audit': 'AUDIT#' },
    }),
  );
  return Items ?? [];
}

describe('the audit trail', () => {
  it("records a family's changes and its members', with who, how, each field's old and new value and the request", async () => {
    const church = await createChurch();
    const member = await memberAccountIn(church);
    const { familyId, memberId } = member.family;
    const changed = await call('updateMember', {
      token: member.token,
      params: { memberId },
      body: { name: 'Lydia', birthday: '03/14', cellphone: '919-555-0177', email: null, version: 1 },
    });
    expect(changed.status).toBe(200);

    const page = await history(church.adminToken, `subject=family:${familyId}`);
    expect(page.status).toBe(200);
    const [edit, added, created] = page.body.entries;
    expect(page.body.entries).toHaveLength(3);
    expect(edit).toMatchObject({
      by: { userId: member.userId, email: member.email },
      operation: 'updateMember',
      subject: { kind: 'family', id: familyId },
      records: [
        {
          kind: 'member',
          id: memberId,
          name: expect.stringMatching(/^Lydia /),
          action: 'changed',
          changes: [{ field: 'cellphone', old: null, new: '919-555-0177' }],
          version: 2,
        },
      ],
      changeRequestId: null,
    });
    expect(edit!.requestId).toEqual(expect.any(String));
    expect(added).toMatchObject({ operation: 'addMember', by: { email: church.adminEmail } });
    expect(added!.records[0]).toMatchObject({ kind: 'member', action: 'added' });
    expect(created).toMatchObject({ operation: 'addFamily', records: [{ kind: 'family', action: 'added' }] });
    expect(created!.records[0]!.changes).toContainEqual({ field: 'street', old: null, new: '1 Oak Street' });
    expect(page.body.next).toBeNull();

    // Deleting the family lists everything it took.
    const deleted = await call('deleteFamily', { token: church.adminToken, params: { familyId } });
    expect(deleted.status).toBe(200);
    const [removal] = (await history(church.adminToken, `subject=family:${familyId}`)).body.entries;
    // The member's account stays, unlinked from the member in the same transaction.
    expect(removal!.records.map((r) => [r.kind, r.action])).toEqual([
      ['family', 'removed'],
      ['member', 'removed'],
      ['account', 'changed'],
    ]);
    expect(removal!.records[1]!.changes).toContainEqual({ field: 'cellphone', old: '919-555-0177', new: null });
  });

  it('writes one item per change, which expires after a year, and none for a refused change', async () => {
    const church = await createChurch();
    const { familyId } = await addFamilyVia(church.adminToken);
    // The registration's, the family's and its member's.
    const items = await auditItems(church.orgId);
    expect(items).toHaveLength(3);
    for (const item of items) {
      const at = Date.parse(item.at as string) / 1000;
      expect(item.expiresAt).toBe(Math.floor(at) + AUDIT_KEPT_DAYS * 24 * 60 * 60);
    }
    const before = await snapshotTable();
    const stale = await call('updateFamily', {
      token: church.adminToken,
      params: { familyId },
      body: { surname: 'Stale', version: 99 },
    });
    expect(stale.status).toBe(409);
    expect(await snapshotTable()).toBe(before);
  });

  it('records groups, roles and privacy choices, and browses by person and by days, a page at a time', async () => {
    const church = await createChurch();
    const firstDay = new Date().toISOString().slice(0, 10);
    const member = await memberAccountIn(church);
    const group = await call<{ groupId: string }>('addGroup', {
      token: church.adminToken,
      body: { groupName: 'Choir' },
    });
    const role = await call('addRole', {
      token: church.adminToken,
      params: { groupId: group.body.groupId },
      body: { memberId: member.family.memberId, label: 'Alto' },
    });
    expect(role.status).toBe(200);
    const privacy = await call('setFamilyPrivacy', {
      token: member.token,
      params: { familyId: member.family.familyId },
      body: { unlisted: false, family: { phone: 'groups' }, members: {} },
    });
    expect(privacy.status).toBe(200);

    const groupHistory = (await history(church.adminToken, `subject=group:${group.body.groupId}`)).body.entries;
    expect(groupHistory.map((e) => e.operation)).toEqual(['addRole', 'addGroup']);
    expect(groupHistory[0]!.records[0]!.changes).toContainEqual({ field: 'label', old: null, new: 'Alto' });

    const byMember = (await history(church.adminToken, `by=${member.userId}`)).body.entries;
    expect(byMember).toHaveLength(1);
    expect(byMember[0]).toMatchObject({
      operation: 'setFamilyPrivacy',
      records: [{ kind: 'privacy', changes: [{ field: 'phone', old: null, new: 'groups' }] }],
    });
    // A person and a record together: the member made no change to the group.
    expect(
      (await history(church.adminToken, `by=${member.userId}&subject=group:${group.body.groupId}`)).body.entries,
    ).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    const all = (await history(church.adminToken, `from=${firstDay}&to=${today}`)).body.entries;
    expect(all.map((e) => e.operation)).toEqual([
      'setFamilyPrivacy',
      'addRole',
      'addGroup',
      'addMember',
      'addFamily',
      'finishRegistration',
    ]);
    expect((await history(church.adminToken, 'to=2001-01-01')).body.entries).toEqual([]);
  });

  it("records accounts, admin rights, the book's settings and exports", async () => {
    const church = await createChurch();
    const email = `${unique('joiner')}@example.org`;
    const { familyId } = await addFamilyVia(church.adminToken);
    await call('addMember', { token: church.adminToken, body: { familyId, name: 'Ruth', email } });
    const joined = await signUpAndJoin(email, church.orgId);
    expect(joined.status).toBe(200);
    const users = await call<ListUsersResult>('listUsers', { token: church.adminToken });
    const joiner = users.body.users.find((u) => u.email === email)!;
    const admin = users.body.users.find((u) => u.email === church.adminEmail)!;
    expect(
      (
        await call('setUserAdminClaim', {
          token: church.adminToken,
          params: { userId: joiner.userId },
          body: { setAdminStatus: true },
        })
      ).status,
    ).toBe(200);
    expect((await call('deleteUserAuth', { token: church.adminToken, params: { userId: joiner.userId } })).status).toBe(
      200,
    );

    const account = (await history(church.adminToken, `subject=account:${joiner.userId}`)).body.entries;
    // An administrator's account loses the right first (a write that keeps another administrator), then goes.
    expect(account.map((e) => [e.operation, e.by?.email, e.records[0]!.action])).toEqual([
      ['deleteUserAuth', church.adminEmail, 'removed'],
      ['deleteUserAuth', church.adminEmail, 'changed'],
      ['setUserAdminClaim', church.adminEmail, 'changed'],
      ['finishSignUp', email, 'added'],
    ]);
    expect(account[2]!.records[0]!.changes).toEqual([{ field: 'admin', old: false, new: true }]);
    expect(account[3]!.records[0]!.changes).toContainEqual({ field: 'familyId', old: null, new: familyId });
    const registered = (await history(church.adminToken, `subject=account:${admin.userId}`)).body.entries;
    expect(registered.map((e) => e.operation)).toEqual(['finishRegistration']);

    expect(
      (await call('setBookSettings', { token: church.adminToken, body: { paper: 'a4', photos: false } })).status,
    ).toBe(200);
    expect((await call('startExport', { token: church.adminToken })).status).toBe(200);
    await finishedExport(church.adminToken);
    const churchWide = (await history(church.adminToken, 'subject=church')).body.entries;
    expect(churchWide.map((e) => [e.operation, e.records[0]!.kind])).toEqual([
      ['startExport', 'export'],
      ['setBookSettings', 'settings'],
    ]);
    expect(churchWide[1]!.records[0]!.changes).toContainEqual({ field: 'paper', old: null, new: 'a4' });
  });

  it('restores a family or a member as before a change, only when nothing newer would be lost', async () => {
    const church = await createChurch();
    const other = await createChurch();
    const { familyId, memberId } = await addFamilyVia(church.adminToken, { city: 'Raleigh' });
    const save = (city: string, version: number) =>
      call<{ version: number }>('updateFamily', {
        token: church.adminToken,
        params: { familyId },
        body: { surname: 'Restored', city, version },
      });
    await save('Durham', 1);
    const [durham] = (await history(church.adminToken, `subject=family:${familyId}`)).body.entries;
    const restore = (token: string, entry: { entryId: string; at: string }, recordId = familyId) =>
      call('restoreVersion', { token, body: { entryId: entry.entryId, at: entry.at, recordId } });

    // Another church knows nothing of it; a change with a newer one after it would lose that one.
    expect((await restore(other.adminToken, durham!)).status).toBe(404);
    await save('Cary', 2);
    const newer = await restore(church.adminToken, durham!);
    expect(newer.status, JSON.stringify(newer.body)).toBe(409);
    expect(newer.body).toMatchObject({ error: { message: AUDIT_MESSAGES.newer } });

    const [cary] = (await history(church.adminToken, `subject=family:${familyId}`)).body.entries;
    const restored = await restore(church.adminToken, cary!);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const family = await call<{ family: { city: string; surname: string } }>('getFamily', {
      token: church.adminToken,
      params: { familyId },
    });
    expect(family.body.family).toMatchObject({ city: 'Durham', surname: 'Restored' });
    const [entry] = (await history(church.adminToken, `subject=family:${familyId}`)).body.entries;
    expect(entry).toMatchObject({
      operation: 'restoreVersion',
      records: [{ changes: [{ field: 'city', old: 'Cary', new: 'Durham' }] }],
    });

    // An added record is not restored (its removal is a delete); a member's change is.
    const added = (await history(church.adminToken, `subject=family:${familyId}`)).body.entries.at(-1)!;
    expect((await restore(church.adminToken, added)).body).toMatchObject({
      error: { message: AUDIT_MESSAGES.notRestorable },
    });
    // The family's rename gave its member a new version too.
    const { version } = (
      await call<{ member: { version: number } }>('getMember', { token: church.adminToken, params: { memberId } })
    ).body.member;
    const cell = await call('updateMember', {
      token: church.adminToken,
      params: { memberId },
      body: { name: 'Lydia', birthday: '03/14', cellphone: '919-555-0150', email: null, version },
    });
    expect(cell.status).toBe(200);
    const [memberEntry] = (await history(church.adminToken, `subject=family:${familyId}`)).body.entries;
    expect((await restore(church.adminToken, memberEntry!, memberId)).status).toBe(200);
    const member = await call<{ member: { cellphone: string | null } }>('getMember', {
      token: church.adminToken,
      params: { memberId },
    });
    expect(member.body.member.cellphone).toBeNull();
  });

  it('pages with an opaque pointer, newest first, to the end', async () => {
    const church = await createChurch();
    const { familyId } = await addFamilyVia(church.adminToken);
    let version = 1;
    for (let i = 0; i < AUDIT_PAGE; i++) {
      const saved = await call<{ version: number }>('updateFamily', {
        token: church.adminToken,
        params: { familyId },
        body: { surname: `Page${i}`, version },
      });
      version = saved.body.version;
    }
    const first = await history(church.adminToken, `subject=family:${familyId}`);
    expect(first.body.entries).toHaveLength(AUDIT_PAGE);
    expect(first.body.next).toEqual(expect.any(String));
    expect(first.body.next).not.toContain(familyId);
    const second = await history(church.adminToken, `subject=family:${familyId}&after=${first.body.next}`);
    expect(second.body.entries.map((e) => e.operation)).toEqual(['addMember', 'addFamily']);
    expect(second.body.next).toBeNull();
    const seen = [...first.body.entries, ...second.body.entries].map((e) => e.at);
    expect(seen).toEqual([...seen].sort().reverse());
  });

  it('refuses bad filters with a clear message, and everyone but administrators', async () => {
    const church = await createChurch();
    const member = await memberAccountIn(church);
    for (const [query, message] of [
      ['subject=families:1', AUDIT_MESSAGES.subject],
      ['from=2026-13-01', AUDIT_MESSAGES.date],
      ['from=2026-02-01&to=2026-01-01', AUDIT_MESSAGES.range],
      ['after=bm90LWEtcGxhY2U', AUDIT_MESSAGES.pointer],
    ] as const) {
      const refused = await history(church.adminToken, query);
      expect(refused.status, query).toBe(400);
      expect(refused.body).toMatchObject({ error: { message } });
    }
    expect((await history(member.token)).status).toBe(403);
  });

  it("tells another church's administrator nothing of this church", async () => {
    const church = await createChurch();
    const other = await createChurch();
    const member = await memberAccountIn(church);
    await call('updateMember', {
      token: member.token,
      params: { memberId: member.family.memberId },
      body: { name: 'Lydia', birthday: '03/14', cellphone: '919-555-0170', email: null, version: 1 },
    });
    for (const query of [`subject=family:${member.family.familyId}`, `by=${member.userId}`, 'subject=church', '']) {
      const page = await history(other.adminToken, query);
      expect(page.status, query).toBe(200);
      expect(JSON.stringify(page.body), query).not.toContain(church.orgId);
      expect(page.body.entries.filter((e) => e.subject.id === member.family.familyId)).toEqual([]);
    }
    expect((await history(other.adminToken, `subject=family:${member.family.familyId}`)).body).toEqual({
      success: true,
      entries: [],
      next: null,
    });
  });

  it('is never written through the API: its one route reads', () => {
    const audit = routes.filter((r) => r.path.startsWith('/api/audit'));
    expect(audit.map((r) => [r.method, r.uses.table])).toEqual([['GET', 'read']]);
  });
});
