/**
 * Change approval: with the church's approval on, a family user's edit becomes a request (the
 * record unchanged), which the family sees pending and administrators see in their queue (and
 * counted in the menu); approving applies it in one transaction with its decision, and is refused
 * when the record changed since; rejecting needs a note, which the family reads. Administrators
 * are told by e-mail at most once a day. Nobody else ever sees a request.
 */
import { describe, expect, it } from 'vitest';
import type { GetFamilyResult, MeResult } from '../../lambdas/contract/api';
import type { ListAuditResult } from '../../lambdas/contract/audit';
import { OPEN_RULES } from '../../lambdas/contract/changeRules';
import {
  CHANGE_REQUEST_MESSAGES,
  type DecideChangeResult,
  type ListChangeRequestsResult,
} from '../../lambdas/contract/changeRequests';
import { call } from '../support/api';
import { createChurch, memberAccountIn, snapshotTable, type Church } from '../support/fixtures';
import { mailsTo } from '../support/mail';
import { settled, uploadPhoto } from '../support/upload';

const approvalOn = (church: Church) =>
  call('setChangeRules', { token: church.adminToken, body: { ...OPEN_RULES, approval: true } });

const familyOf = async (token: string, familyId: string) =>
  (await call<GetFamilyResult>('getFamily', { token, params: { familyId } })).body;

const queue = async (church: Church) =>
  (await call<ListChangeRequestsResult>('listChangeRequests', { token: church.adminToken })).body.requests;

const decide = (church: Church, requestId: string, body: unknown) =>
  call<DecideChangeResult>('decideChangeRequest', { token: church.adminToken, params: { requestId }, body });

/** The member's user asks for a new cellphone for its (first) member; answers the request's id. */
const askCellphone = (member: { token: string; family: { memberId: string } }, cellphone: string) =>
  call<{ requestId: string }>('updateMember', {
    token: member.token,
    params: { memberId: member.family.memberId },
    body: { name: 'Lydia', birthday: '03/14', cellphone, email: null, version: 1 },
  });

/** The family's details as its form sends them, with `changes`. */
async function familyEdit(token: string, familyId: string, changes: Record<string, unknown>) {
  const { family } = await familyOf(token, familyId);
  const { surname, street, city, state, zipcode, phone, anniversary, version } = family;
  return { surname, street, city, state, zipcode, phone, anniversary, version, ...changes };
}

describe('change approval', () => {
  it('turns a family edit into a request the family sees pending and administrators approve, applied with its decision', async () => {
    const church = await createChurch();
    const member = await memberAccountIn(church);
    const other = await memberAccountIn(church);
    await approvalOn(church);
    const { familyId } = member.family;
    const before = await familyOf(member.token, familyId);

    const asked = await call<{ requestId: string; message: string; version: number }>('updateFamily', {
      token: member.token,
      params: { familyId },
      body: await familyEdit(member.token, familyId, { phone: '919-555-0188' }),
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ message: CHANGE_REQUEST_MESSAGES.sent, version: before.family.version });
    const { requestId } = asked.body;

    // The record waits; the family sees its request; nobody else does.
    const mine = await familyOf(member.token, familyId);
    expect(mine.family.phone).toBe(before.family.phone);
    expect(mine.requests).toMatchObject([
      {
        requestId,
        status: 'pending',
        kind: 'family',
        changes: [{ field: 'phone', old: before.family.phone, new: '919-555-0188' }],
        by: member.email,
      },
    ]);
    expect((await familyOf(other.token, familyId)).requests).toBeNull();
    expect(await queue(church)).toMatchObject([{ requestId, familyId, recordName: expect.stringMatching(/ family$/) }]);
    const me = async (token: string) => (await call<MeResult>('getMe', { token })).body.waitingChanges;
    expect(await me(church.adminToken)).toBe(1);
    expect(await me(member.token)).toBe(0);

    const approved = await decide(church, requestId, { approve: true });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ message: CHANGE_REQUEST_MESSAGES.approved, request: { status: 'approved' } });
    const after = await familyOf(member.token, familyId);
    expect(after.family.phone).toBe('919-555-0188');
    expect(after.requests![0]).toMatchObject({ requestId, status: 'approved' });
    expect(await queue(church)).toEqual([]);
    expect(await me(church.adminToken)).toBe(0);

    // The family's history shows both: the request, and the change it applied.
    const history = (
      await call<ListAuditResult>('listAuditEntries', {
        token: church.adminToken,
        query: `subject=family:${familyId}`,
      })
    ).body.entries;
    expect(history.slice(0, 2).map((e) => [e.operation, e.records[0]!.kind, e.changeRequestId])).toEqual([
      ['decideChangeRequest', 'family', requestId],
      ['updateFamily', 'request', null],
    ]);

    // Decided once.
    const again = await decide(church, requestId, { approve: true });
    expect(again.body).toMatchObject({ error: { message: CHANGE_REQUEST_MESSAGES.decided } });
  });

  it('refuses an approval when the record changed since the request, and changes nothing', async () => {
    const church = await createChurch();
    const member = await memberAccountIn(church);
    await approvalOn(church);
    const { familyId } = member.family;
    const asked = await call<{ requestId: string }>('updateFamily', {
      token: member.token,
      params: { familyId },
      body: await familyEdit(member.token, familyId, { city: 'Durham' }),
    });
    const changed = await call('updateFamily', {
      token: church.adminToken,
      params: { familyId },
      body: await familyEdit(church.adminToken, familyId, { street: '9 New Road' }),
    });
    expect(changed.status).toBe(200);
    const before = await snapshotTable();
    const refused = await decide(church, asked.body.requestId, { approve: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { message: CHANGE_REQUEST_MESSAGES.changed } });
    expect(await snapshotTable()).toBe(before);
  });

  it('rejects only with a note, which the family reads; the record stays', async () => {
    const church = await createChurch();
    const member = await memberAccountIn(church);
    await approvalOn(church);
    const { familyId } = member.family;
    const asked = await askCellphone(member, '919-555-0190');
    const { requestId } = asked.body;
    for (const note of [undefined, null, '   ']) {
      const refused = await decide(church, requestId, { approve: false, note });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { message: CHANGE_REQUEST_MESSAGES.noteRequired } });
    }
    const rejected = await decide(church, requestId, { approve: false, note: 'Please call the office first.' });
    expect(rejected.body).toMatchObject({ request: { status: 'rejected', note: 'Please call the office first.' } });
    const mine = await familyOf(member.token, familyId);
    expect(mine.family.members[0]!.cellphone).toBeNull();
    expect(mine.requests![0]).toMatchObject({
      kind: 'member',
      status: 'rejected',
      note: 'Please call the office first.',
      changes: [{ field: 'cellphone', old: null, new: '919-555-0190' }],
    });
  });

  it('applies an approved member change, and a new photo shown beside the old one', async () => {
    const church = await createChurch();
    const member = await memberAccountIn(church);
    await approvalOn(church);
    const { familyId } = member.family;
    const cell = await askCellphone(member, '919-555-0191');
    expect((await decide(church, cell.body.requestId, { approve: true })).status).toBe(200);
    expect((await familyOf(member.token, familyId)).family.members[0]!.cellphone).toBe('919-555-0191');

    const photo = await uploadPhoto(member.token, familyId);
    const asked = await call<{ requestId: string }>('updateFamily', {
      token: member.token,
      params: { familyId },
      body: { ...(await familyEdit(member.token, familyId, {})), photo },
    });
    const [waiting] = await queue(church);
    expect(waiting).toMatchObject({ requestId: asked.body.requestId, photo: { old: null, new: expect.any(String) } });
    expect((await decide(church, asked.body.requestId, { approve: true })).status).toBe(200);
    expect((await familyOf(member.token, familyId)).family.photoUrl).toEqual(expect.any(String));
    await settled();
  });

  it('tells the administrators by e-mail once a day, with no detail of the change', async () => {
    const church = await createChurch();
    const member = await memberAccountIn(church);
    await approvalOn(church);
    const { familyId } = member.family;
    for (const city of ['Durham', 'Cary']) {
      const asked = await call('updateFamily', {
        token: member.token,
        params: { familyId },
        body: await familyEdit(member.token, familyId, { city }),
      });
      expect(asked.status).toBe(200);
    }
    const mails = (await mailsTo(church.adminEmail)).filter((m) => m.subject.startsWith('Changes wait'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/admin/changes');
    expect(mails[0]!.text).not.toContain('Durham');
  });

  it("keeps requests from everyone but the church's administrators and the family", async () => {
    const church = await createChurch();
    const other = await createChurch();
    const member = await memberAccountIn(church);
    await approvalOn(church);
    const { familyId } = member.family;
    const asked = await call<{ requestId: string }>('updateFamily', {
      token: member.token,
      params: { familyId },
      body: await familyEdit(member.token, familyId, { city: 'Apex' }),
    });
    expect(await queue(other)).toEqual([]);
    const foreign = await decide(other, asked.body.requestId, { approve: true });
    expect(foreign.status).toBe(404);
    expect((await call('listChangeRequests', { token: member.token })).status).toBe(403);
    expect(
      (
        await call('decideChangeRequest', {
          token: member.token,
          params: { requestId: asked.body.requestId },
          body: { approve: true },
        })
      ).status,
    ).toBe(403);
  });
});
