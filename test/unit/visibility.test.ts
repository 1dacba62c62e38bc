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
import type { ChurchPrivacy, Family, Member } from '../../lambdas/core/entities';
import { withGroupMarks } from '../../lambdas/groups/repos/groupMarks';
import { OPEN_RULES } from '../../lambdas/contract/changeRules';
import {
  PRINT_AUDIENCE,
  seesFamily,
  visibleFamily,
  visibleMember,
  type Audience,
} from '../../lambdas/privacy/visibility';

const unmarkedFamily: Family = {
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
const unmarkedMember: Member = {
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
// m1 (of family f1) is in group g1, as the viewer `fellow` is; the viewer `stranger` is in another group.
const marked = withGroupMarks(
  [unmarkedFamily],
  [unmarkedMember],
  [{ orgId: 'o', groupId: 'g1', memberId: 'm1', familyId: 'f1' }],
);
const family = marked.families[0]!;
const member = marked.members[0]!;

const VIEWERS: Record<string, Audience> = {
  admin: { admin: true, familyId: 'f9', groups: new Set() },
  ownFamily: { admin: false, familyId: 'f1', groups: new Set() },
  fellow: { admin: false, familyId: 'f2', groups: new Set(['g1']) },
  stranger: { admin: false, familyId: 'f3', groups: new Set(['g2']) },
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
  rules: OPEN_RULES,
  readingSite: null,
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

  it("a family's fields go to whoever shares a group with any of its members; a member's, with that member", () => {
    const two = withGroupMarks(
      [unmarkedFamily],
      [unmarkedMember, { ...unmarkedMember, memberId: 'm4' }],
      [
        { orgId: 'o', groupId: 'g1', memberId: 'm1', familyId: 'f1' },
        { orgId: 'o', groupId: 'g5', memberId: 'm4', familyId: 'f1' },
      ],
    );
    const [grace, sibling] = two.members as [Member, Member];
    const inG5: Audience = { admin: false, familyId: 'f3', groups: new Set(['g5']) };
    const groupsOnly = church({ phone: 'groups', cellphone: 'groups' });
    expect(visibleFamily(inG5, groupsOnly, two.families[0]!).phone).toBe(family.phone);
    expect(visibleMember(inG5, groupsOnly, sibling).cellphone).toBe(member.cellphone);
    expect(visibleMember(inG5, groupsOnly, grace).cellphone).toBe(null);
    // Unmarked records (in no group) share nothing, and a viewer in no group shares nothing.
    expect(visibleFamily(inG5, groupsOnly, unmarkedFamily).phone).toBe(null);
    expect(visibleMember({ ...inG5, groups: new Set() }, groupsOnly, sibling).cellphone).toBe(null);
  });
});
