/**
 * The visibility rule, field by field and level by level, for each kind of viewer: an
 * administrator, the family itself, someone sharing a group with the person, someone who does
 * not, and the printed book.
 */
import { describe, expect, it } from 'vitest';
import {
  FAMILY_SHARED,
  FAMILY_SHARED_KEYS,
  LEVELS,
  MEMBER_SHARED,
  MEMBER_SHARED_KEYS,
  OPEN_LEVELS,
  type Level,
} from '../../lambdas/contract/privacy';
import type { ChurchPrivacy, Family, Member } from '../../lambdas/domain/entities';
import {
  fellowsOf,
  needsFellows,
  PRINT_AUDIENCE,
  seesFamily,
  visibleFamily,
  visibleMember,
  type Audience,
} from '../../lambdas/domain/visibility';

const family: Family = {
  familyId: 'f1',
  orgId: 'o',
  surname: 'Nguyễn',
  street: '1 Elm St',
  city: 'Raleigh',
  state: 'NC',
  zipcode: '27601',
  phone: '919-555-0100',
  anniversary: '06/14',
  photo: 'o/photos/p.jpg',
  version: 1,
  createdAt: '',
  updatedAt: '',
};
const member: Member = {
  memberId: 'm1',
  familyId: 'f1',
  orgId: 'o',
  name: 'Grace',
  surname: 'Nguyễn',
  birthday: '11/05',
  cellphone: '919-555-0101',
  email: 'grace@example.org',
  version: 1,
  createdAt: '',
  updatedAt: '',
};
// m2 of family f2 is in group g1 with m1; m3 of family f3 is in another group.
const roles = [
  { groupId: 'g1', memberId: 'm1', familyId: 'f1' },
  { groupId: 'g1', memberId: 'm2', familyId: 'f2' },
  { groupId: 'g2', memberId: 'm3', familyId: 'f3' },
];

const VIEWERS: Record<string, Audience> = {
  admin: { admin: true, familyId: 'f9', fellows: null },
  ownFamily: { admin: false, familyId: 'f1', fellows: null },
  fellow: { admin: false, familyId: 'f2', fellows: fellowsOf('m2', roles) },
  stranger: { admin: false, familyId: 'f3', fellows: fellowsOf('m3', roles) },
  print: PRINT_AUDIENCE,
};

/** Who sees a field at each level. */
const SEES: Record<Level, string[]> = {
  everyone: ['admin', 'ownFamily', 'fellow', 'stranger', 'print'],
  groups: ['admin', 'ownFamily', 'fellow'],
  admins: ['admin', 'ownFamily'],
};

const church = (levels: Partial<typeof OPEN_LEVELS> = {}, unlisted: string[] = []): ChurchPrivacy => ({
  levels: { ...OPEN_LEVELS, ...levels },
  unlisted: new Set(unlisted),
});

describe('the visibility rule', () => {
  for (const key of FAMILY_SHARED_KEYS)
    for (const level of LEVELS)
      it(`a family's ${key} at "${level}", chosen by the family or set by the church`, () => {
        for (const [name, audience] of Object.entries(VIEWERS)) {
          for (const [how, seen] of [
            ['family choice', visibleFamily(audience, church(), { ...family, privacy: { [key]: level } })],
            ['church default', visibleFamily(audience, church({ [key]: level }), family)],
          ] as const) {
            for (const field of FAMILY_SHARED[key].covers)
              expect(seen[field], `${name} by ${how}: ${field}`).toBe(
                SEES[level].includes(name) ? family[field] : null,
              );
            // Nothing else is touched.
            expect(seen.surname).toBe(family.surname);
            expect(seen.city).toBe(family.city);
          }
        }
      });

  for (const key of MEMBER_SHARED_KEYS)
    for (const level of LEVELS)
      it(`a member's ${key} at "${level}"`, () => {
        for (const [name, audience] of Object.entries(VIEWERS)) {
          const seen = visibleMember(audience, church(), { ...member, privacy: { [key]: level } });
          for (const field of MEMBER_SHARED[key].covers)
            expect(seen[field], `${name}: ${field}`).toBe(SEES[level].includes(name) ? member[field] : null);
          expect(seen.name).toBe(member.name);
        }
      });

  it("the family's own choice wins over the church's default, both ways", () => {
    const stranger = VIEWERS.stranger!;
    expect(
      visibleFamily(stranger, church({ phone: 'admins' }), { ...family, privacy: { phone: 'everyone' } }).phone,
    ).toBe(family.phone);
    expect(
      visibleFamily(stranger, church({ phone: 'everyone' }), { ...family, privacy: { phone: 'admins' } }).phone,
    ).toBe(null);
  });

  it('a family left out of the directory is seen by administrators and by itself only', () => {
    const unlisted = church({}, ['f1']);
    const seen = Object.entries(VIEWERS).filter(([, a]) => seesFamily(a, unlisted, 'f1'));
    expect(seen.map(([name]) => name)).toEqual(['admin', 'ownFamily']);
    expect(seesFamily(VIEWERS.stranger!, unlisted, 'f2')).toBe(true);
  });

  it('a viewer with no member shares no group; fellows are read only when a groups level decides', () => {
    expect(fellowsOf(null, roles).members.size).toBe(0);
    const stranger: Audience = { admin: false, familyId: 'f3', fellows: null };
    expect(needsFellows(stranger, church(), [family], [member])).toBe(false);
    expect(needsFellows(stranger, church({ birthday: 'groups' }), [], [member])).toBe(true);
    expect(needsFellows(stranger, church(), [{ ...family, privacy: { photo: 'groups' } }], [])).toBe(true);
    // Not for one's own family, and never for an administrator.
    expect(needsFellows({ ...stranger, familyId: 'f1' }, church({ birthday: 'groups' }), [family], [member])).toBe(
      false,
    );
    expect(needsFellows(VIEWERS.admin!, church({ birthday: 'groups' }), [family], [member])).toBe(false);
  });
});
