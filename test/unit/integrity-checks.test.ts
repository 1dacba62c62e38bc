/** The integrity report's rules (lambdas/jobs/integrity.ts) on hand-made items, without AWS. */
import { describe, expect, it } from 'vitest';
import { checkAccount, checkCounts, checkPage, type Resolver } from '../../lambdas/jobs/integrity';
import { ItemType } from '../../lambdas/core/repos/table';
import { countsSummary, deletionSuccess, splitAtCapitals } from '../../lambdas/contract/jobs';

type Item = Record<string, unknown>;

/** A resolver over a fixed world: ids present answer an item, others null. */
function world(present: Record<string, Item>, extra: Partial<Resolver> = {}): Resolver {
  const at = (k: string) => present[k] ?? null;
  return {
    org: (o) => at(`org:${o}`),
    family: (o, f) => at(`family:${o}:${f}`),
    group: (o, g) => at(`group:${o}:${g}`),
    member: (o, f, m) => at(`member:${o}:${f}:${m}`),
    memberById: (o, m) => at(`memberById:${o}:${m}`),
    user: (o, u) => at(`user:${o}:${u}`),
    photoExists: () => true,
    account: (u) => ({ sub: u }),
    ...extra,
  };
}

const org = { 'org:o1': { orgId: 'o1' } };

describe('checkPage', () => {
  it('reports an item of a missing organisation once, with no further findings', () => {
    const items = [{ type: ItemType.member, orgId: 'gone', memberId: 'm1', familyId: 'f-missing', birthday: 'bad' }];
    const { issues } = checkPage(items, world({}));
    expect(issues).toEqual([
      {
        collectionName: 'member',
        documentId: 'm1',
        reason: 'Member belongs to an organization that does not exist.',
        problematicOrgId: 'gone',
        referencedField: 'orgId',
        referencedValue: 'gone',
      },
    ]);
  });

  it('tells a stale role familyId from a missing member, and checks names against the member and group', () => {
    const member = { memberId: 'm1', familyId: 'f2', name: 'Ada', surname: 'Lovelace' };
    const r = world({ ...org, 'group:o1:g1': { groupName: 'Choir' }, 'memberById:o1:m1': member });
    const role = {
      type: ItemType.role,
      orgId: 'o1',
      groupId: 'g1',
      memberId: 'm1',
      familyId: 'f1',
      memberName: 'Ada Lovelace',
      groupName: 'Choir',
    };
    expect(checkPage([role], r).issues.map((i) => i.referencedField)).toEqual(['familyId']);
    expect(checkPage([{ ...role, memberId: 'm9' }], r).issues.map((i) => i.referencedField)).toEqual(['memberId']);
    expect(
      checkPage([{ ...role, familyId: 'f2', memberName: 'Ada', groupName: 'Old' }], r)
        .issues.map((i) => i.referencedField)
        .sort(),
    ).toEqual(['groupName', 'memberName']);
  });

  it('checks MM/DD, photos (not http URLs) and counts families, members and groups', () => {
    const r = world({ ...org, 'family:o1:f1': {} }, { photoExists: (p) => p !== 'o1/photos/lost.jpg' });
    const items = [
      { type: ItemType.family, orgId: 'o1', familyId: 'f1', anniversary: '02/30', photo: 'o1/photos/kept.jpg' },
      { type: ItemType.family, orgId: 'o1', familyId: 'f2', anniversary: '2/3', photo: 'o1/photos/lost.jpg' },
      { type: ItemType.family, orgId: 'o1', familyId: 'f3', anniversary: null, photo: 'https://example.org/x.jpg' },
      { type: ItemType.member, orgId: 'o1', memberId: 'm1', familyId: 'f1', birthday: '12/31' },
      { type: ItemType.group, orgId: 'o1', groupId: 'g1' },
      { type: ItemType.org, orgId: 'o1', familyCount: 3, memberCount: 1, groupCount: 2 },
      { type: ItemType.job, jobId: 'j' },
    ];
    const result = checkPage(items, r);
    expect(result.issues.map((i) => `${i.documentId} ${i.referencedField}`).sort()).toEqual([
      'f2 anniversary',
      'f2 photo',
    ]);
    expect(result.found).toEqual({ o1: [3, 1, 1] });
    expect(result.stored).toEqual({ o1: [3, 1, 2] });
    expect(result.checked).toBe(6);
    expect(checkCounts(result.found, result.stored)).toEqual([
      expect.objectContaining({
        collectionName: 'organization',
        documentId: 'o1',
        referencedField: 'groupCount',
        referencedValue: '2',
      }),
    ]);
  });

  it("reports a family whose photo is another family's (or another church's), and keeps older keys", () => {
    const uuid = '11111111-1111-4111-8111-111111111111';
    const r = world(org);
    const photoOf = (familyId: string, photo: string) => ({ type: ItemType.family, orgId: 'o1', familyId, photo });
    const items = [
      photoOf('f1', `o1/photos/f1/${uuid}.jpg`),
      photoOf('f2', `o1/photos/${uuid}.jpg`),
      photoOf('f3', `o1/photos/f1/${uuid}.png`),
      photoOf('f4', `o2/photos/f4/${uuid}.jpg`),
    ];
    expect(checkPage(items, r).issues.map((i) => `${i.documentId} ${i.reason}`)).toEqual([
      'f3 Photo is stored for another family.',
      'f4 Photo is stored for another family.',
    ]);
  });

  it('checks user records: account, member link, family link', () => {
    const r = world(
      { ...org, 'memberById:o1:m1': { familyId: 'f1' } },
      { account: (u) => (u === 'u-gone' ? null : { sub: u }) },
    );
    const user = (over: Item) => ({
      type: ItemType.user,
      orgId: 'o1',
      userId: 'u1',
      memberId: null,
      familyId: null,
      ...over,
    });
    expect(checkPage([user({ userId: 'u-gone' })], r).issues.map((i) => i.referencedField)).toEqual(['userId']);
    expect(checkPage([user({ memberId: 'm2', familyId: 'f1' })], r).issues.map((i) => i.referencedField)).toEqual([
      'memberId',
    ]);
    expect(checkPage([user({ memberId: 'm1', familyId: 'f9' })], r).issues.map((i) => i.referencedField)).toEqual([
      'familyId',
    ]);
    expect(checkPage([user({ familyId: 'f9' })], r).issues.map((i) => i.referencedField)).toEqual(['familyId']);
    expect(checkPage([user({ memberId: 'm1', familyId: 'f1' })], r).issues).toEqual([]);
  });

  it('reports an account that claims a church without a user record there, never one that holds no church', () => {
    expect(checkAccount({ sub: 's', email: 'a@b.c', orgId: 'o1' }, { userId: 's' })).toBeNull();
    expect(checkAccount({ sub: 's', email: 'a@b.c', orgId: 'o1' }, null)).toMatchObject({
      collectionName: 'accounts',
      documentId: 's',
      problematicOrgId: 'o1',
      referencedValue: 'a@b.c',
    });
    // Waiting for its code, or for the church to add its address: a state, not a fault.
    expect(checkAccount({ sub: 's', email: 'a@b.c', orgId: null }, null)).toBeNull();
  });
});

describe('texts', () => {
  it('splits categories at capitals and summarises deletion counts', () => {
    expect(splitAtCapitals('authUsers')).toBe('auth Users');
    expect(splitAtCapitals('organizationName')).toBe('organization Name');
    expect(splitAtCapitals('family')).toBe('family');
    expect(countsSummary({ members: 4, families: 2, photos: 0 })).toBe('families: 2, members: 4');
    expect(deletionSuccess('Grace', 'o1', { families: 1 })).toBe(
      'Successfully deleted all data for organization: Grace (ID: o1). Summary: families: 1',
    );
  });
});
