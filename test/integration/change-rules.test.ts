/**
 * What a church lets its members change: fields only administrators change, fields members fill
 * in only while empty, privacy levels the church fixes for every family. A refused change says
 * why and changes nothing; administrators are not bound; the rules reach the forms of those who
 * may change the family, and their change is in the audit trail.
 */
import { describe, expect, it } from 'vitest';
import type { GetFamilyResult } from '../../lambdas/contract/api';
import type { ListAuditResult } from '../../lambdas/contract/audit';
import { CHANGE_RULE_MESSAGES, OPEN_RULES, type ChangeRules } from '../../lambdas/contract/changeRules';
import { call } from '../support/api';
import { createChurch, memberAccountIn, snapshotTable, type Church } from '../support/fixtures';

const rules = (church: Church, body: Partial<ChangeRules>) =>
  call('setChangeRules', { token: church.adminToken, body: { ...OPEN_RULES, ...body } });

const memberBody = { name: 'Lydia', birthday: '03/14', cellphone: null, email: null };

describe("the church's rules for members' changes", () => {
  it('refuses a family user a field only administrators change, with the reason, and changes nothing', async () => {
    const church = await createChurch();
    const member = await memberAccountIn(church);
    expect((await rules(church, { member: { birthday: 'locked' } })).status).toBe(200);
    const { memberId, familyId } = member.family;

    const before = await snapshotTable();
    const refused = await call('updateMember', {
      token: member.token,
      params: { memberId },
      body: { ...memberBody, birthday: '04/01', version: 1 },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { message: CHANGE_RULE_MESSAGES.locked('Birthday') } });
    expect(await snapshotTable()).toBe(before);

    // The rest stays the family's; a new member may not be given the locked detail, but may be added.
    const phone = await call('updateMember', {
      token: member.token,
      params: { memberId },
      body: { ...memberBody, cellphone: '919-555-0140', version: 1 },
    });
    expect(phone.status).toBe(200);
    const withBirthday = await call('addMember', {
      token: member.token,
      body: { familyId, name: 'Ada', birthday: '01/02' },
    });
    expect(withBirthday.status).toBe(403);
    expect((await call('addMember', { token: member.token, body: { familyId, name: 'Ada' } })).status).toBe(200);

    // Administrators are not bound.
    const byAdmin = await call('updateMember', {
      token: church.adminToken,
      params: { memberId },
      body: { ...memberBody, birthday: '04/01', cellphone: '919-555-0140', version: 2 },
    });
    expect(byAdmin.status).toBe(200);
  });

  it('lets a family fill in a detail only while it is empty', async () => {
    const church = await createChurch();
    const member = await memberAccountIn(church);
    await rules(church, { family: { phone: 'blank', anniversary: 'blank' } });
    const { familyId } = member.family;
    const family = (await call<GetFamilyResult>('getFamily', { token: member.token, params: { familyId } })).body;
    const body = { ...family.family, photo: undefined, version: family.family.version };
    const fields = {
      surname: body.surname,
      street: body.street,
      city: body.city,
      state: body.state,
      zipcode: body.zipcode,
    };

    const refused = await call('updateFamily', {
      token: member.token,
      params: { familyId },
      body: { ...fields, phone: '919-555-0111', anniversary: body.anniversary, version: body.version },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { message: CHANGE_RULE_MESSAGES.blank('Home Phone') } });

    // Emptying a filled one is a change too; the admin empties it, then the family fills it in.
    const emptied = await call<{ version: number }>('updateFamily', {
      token: church.adminToken,
      params: { familyId },
      body: { ...fields, phone: null, anniversary: body.anniversary, version: body.version },
    });
    const filled = await call('updateFamily', {
      token: member.token,
      params: { familyId },
      body: { ...fields, phone: '919-555-0111', anniversary: body.anniversary, version: emptied.body.version },
    });
    expect(filled.status).toBe(200);
  });

  it('fixes a privacy level for every family: a family may not choose it, and an earlier choice no longer counts', async () => {
    const church = await createChurch();
    const member = await memberAccountIn(church);
    const other = await memberAccountIn(church);
    const { familyId, memberId } = member.family;
    const cell = await call('updateMember', {
      token: member.token,
      params: { memberId },
      body: { ...memberBody, cellphone: '919-555-0142', version: 1 },
    });
    expect(cell.status).toBe(200);
    const chose = await call('setFamilyPrivacy', {
      token: member.token,
      params: { familyId },
      body: { unlisted: false, family: {}, members: { [memberId]: { cellphone: 'admins' } } },
    });
    expect(chose.status).toBe(200);
    const cellSeen = async () =>
      (await call<GetFamilyResult>('getFamily', { token: other.token, params: { familyId } })).body.family.members[0]!
        .cellphone;
    expect(await cellSeen()).toBeNull();

    await rules(church, { fixed: ['cellphone'] });
    expect(await cellSeen()).toBe('919-555-0142');
    const refused = await call('setFamilyPrivacy', {
      token: member.token,
      params: { familyId },
      body: { unlisted: false, family: {}, members: { [memberId]: { cellphone: 'groups' } } },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { message: CHANGE_RULE_MESSAGES.fixed('Cellphone') } });
    // Sending the stored choice back (the form sends every level) is no change: it passes.
    const same = await call('setFamilyPrivacy', {
      token: member.token,
      params: { familyId },
      body: { unlisted: false, family: { phone: 'groups' }, members: { [memberId]: { cellphone: 'admins' } } },
    });
    expect(same.status).toBe(200);
  });

  it('gives the rules to the forms of the family and administrators only, and records their change', async () => {
    const church = await createChurch();
    const member = await memberAccountIn(church);
    const other = await memberAccountIn(church);
    await rules(church, { approval: true, member: { birthday: 'locked' }, fixed: ['email'] });
    const { familyId } = member.family;
    const rulesFor = async (token: string) =>
      (await call<GetFamilyResult>('getFamily', { token, params: { familyId } })).body.rules;
    const expected = { approval: true, family: {}, member: { birthday: 'locked' }, fixed: ['email'] };
    expect(await rulesFor(member.token)).toEqual(expected);
    expect(await rulesFor(church.adminToken)).toEqual(expected);
    expect(await rulesFor(other.token)).toBeNull();
    const defaults = await call<{ rules: ChangeRules }>('getPrivacyDefaults', { token: church.adminToken });
    expect(defaults.body.rules).toEqual(expected);

    const [entry] = (
      await call<ListAuditResult>('listAuditEntries', { token: church.adminToken, query: 'subject=church' })
    ).body.entries;
    expect(entry).toMatchObject({ operation: 'setChangeRules', records: [{ kind: 'settings', action: 'changed' }] });
    expect(entry!.records[0]!.changes).toEqual([
      { field: 'approval', old: false, new: true },
      { field: 'member.birthday', old: null, new: 'locked' },
      { field: 'fixed', old: [], new: ['email'] },
    ]);
  });

  it('refuses rules it does not know with a clear message, and everyone but administrators', async () => {
    const church = await createChurch();
    const member = await memberAccountIn(church);
    for (const body of [
      { ...OPEN_RULES, member: { birthday: 'sometimes' } },
      { ...OPEN_RULES, fixed: ['shoeSize'] },
      { ...OPEN_RULES, approval: 'yes' },
    ]) {
      const refused = await call('setChangeRules', { token: church.adminToken, body });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { message: CHANGE_RULE_MESSAGES.rule } });
    }
    expect((await call('setChangeRules', { token: member.token, body: OPEN_RULES })).status).toBe(403);
  });
});
