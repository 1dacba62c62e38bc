/**
 * Two requests sent at once, as two administrators would. Same-version edits must end with
 * exactly one winner and a 409 `aborted` for the other, the stored record being the
 * winner's. For other pairs any serial order may win: the statuses must be one of the orders'
 * outcomes, the model is then taken from what the API reports, and the API's promises checked.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { SavedResult } from '../../../lambdas/contract/api';
import { call, idToken } from '../api';
import { PASSWORD } from '../fixtures';
import { proveMailedAddress } from '../mail';
import { membersOf, pick, saveFamily, type ChurchModel } from './church';
import { adoptApi, expectApiMatches } from './picture';
import { expectOutcome, oneWinner, race } from './race';
import { familyFields, freshEmail, memberFields, surname } from './values';

const hasFamilies = (m: Readonly<ChurchModel>) => m.families.size > 0;

export const raceFamilyUpdates = race(
  'race:updateFamily×2',
  fc.record({ pick: fc.nat(), edits: fc.tuple(familyFields, familyFields) }),
  {
    check: hasFamilies,
    run: async (m, r, { pick: p, edits }, both) => {
      const family = pick(m.families.values(), p);
      const send = (fields: (typeof edits)[number]) =>
        call<SavedResult>('updateFamily', {
          token: r.church.adminToken,
          params: { familyId: family.familyId },
          body: { ...fields, version: family.version },
        });
      const winner = oneWinner(
        await both(
          () => send(edits[0]),
          () => send(edits[1]),
        ),
      );
      saveFamily(m, family, edits[winner]!);
      await expectApiMatches(m, r);
    },
  },
);

/** Two edits of one member with its version; each may bring a fresh e-mail, and only the winner's is claimed. */
export const raceMemberUpdates = race(
  'race:updateMember×2',
  fc.record({
    pick: fc.nat(),
    edits: fc.tuple(memberFields, memberFields),
    freshEmails: fc.tuple(fc.boolean(), fc.boolean()),
  }),
  {
    check: (m) => m.members.size > 0,
    run: async (m, r, { pick: p, edits, freshEmails }, both) => {
      const member = pick(m.members.values(), p);
      const emails = freshEmails.map((fresh) => (fresh ? freshEmail() : member.email));
      const send = (i: 0 | 1) =>
        call<SavedResult>('updateMember', {
          token: r.church.adminToken,
          params: { memberId: member.memberId },
          body: { ...edits[i], email: emails[i], familyId: member.familyId, version: member.version },
        });
      const winner = oneWinner(
        await both(
          () => send(0),
          () => send(1),
        ),
      );
      Object.assign(member, edits[winner], { email: emails[winner], version: member.version + 1 });
      await expectApiMatches(m, r);
    },
  },
);

/** Pairs (member, group) where the member is not in the group yet. */
const outsiders = (m: Readonly<ChurchModel>) =>
  [...m.members.values()].flatMap((x) =>
    [...m.groups.values()].filter((g) => !g.roles.has(x.memberId)).map((g) => ({ member: x, group: g })),
  );

export const raceDeleteMemberAddRole = race('race:deleteMember+addRole', fc.nat(), {
  check: (m) => outsiders(m).length > 0,
  run: async (m, r, p, both) => {
    const { member, group } = pick(outsiders(m), p);
    const token = r.church.adminToken;
    const answers = await both(
      () => call('deleteMember', { token, params: { memberId: member.memberId } }),
      () =>
        call('addRole', {
          token,
          params: { groupId: group.groupId },
          body: { memberId: member.memberId, label: null },
        }),
    );
    // Delete first: the role finds no member. Role first: the delete removes it too, or (having read the member before) is refused.
    expectOutcome(answers, [
      [200, 404],
      [200, 200],
      [409, 200],
    ]);
    await adoptApi(m, r);
    expect(m.members.has(member.memberId)).toBe(answers[0].status !== 200);
    expect(m.groups.get(group.groupId)!.roles.has(member.memberId)).toBe(answers[0].status !== 200);
  },
});

export const raceAddMemberDeleteFamily = race(
  'race:addMember+deleteFamily',
  fc.record({ pick: fc.nat(), fields: memberFields }),
  {
    check: hasFamilies,
    run: async (m, r, { pick: p, fields }, both) => {
      const family = pick(m.families.values(), p);
      const token = r.church.adminToken;
      const answers = await both(
        () => call<SavedResult>('addMember', { token, body: { familyId: family.familyId, ...fields } }),
        () => call('deleteFamily', { token, params: { familyId: family.familyId } }),
      );
      // Member first: the delete takes it along, or (having read the family before) is refused. Delete first: no family to join.
      expectOutcome(answers, [
        [200, 200],
        [200, 409],
        [404, 200],
      ]);
      await adoptApi(m, r);
      const familyStays = answers[1].status !== 200;
      expect(m.families.has(family.familyId)).toBe(familyStays);
      if (answers[0].status === 200) expect(m.members.has(answers[0].body.id)).toBe(familyStays);
    },
  },
);

export const raceDeleteGroupAddRole = race('race:deleteGroup+addRole', fc.nat(), {
  check: (m) => outsiders(m).length > 0,
  run: async (m, r, p, both) => {
    const { member, group } = pick(outsiders(m), p);
    const token = r.church.adminToken;
    const answers = await both(
      () => call('deleteGroup', { token, params: { groupId: group.groupId } }),
      () =>
        call('addRole', {
          token,
          params: { groupId: group.groupId },
          body: { memberId: member.memberId, label: 'Raced' },
        }),
    );
    expectOutcome(answers, [
      [200, 404],
      [200, 200],
      [409, 200],
    ]);
    await adoptApi(m, r);
    expect(m.groups.has(group.groupId)).toBe(answers[0].status !== 200);
  },
});

/** A member's sign-up (its last step) while the member is deleted: never an account linked to a member that is gone. */
export const raceSignUpDeleteMember = race('race:finishSignUp+deleteMember', fc.nat(), {
  check: (m) => [...m.members.values()].some((x) => x.email && ![...m.users.values()].some((u) => u.email === x.email)),
  run: async (m, r, p, both) => {
    const member = pick(
      [...m.members.values()].filter((x) => x.email && ![...m.users.values()].some((u) => u.email === x.email)),
      p,
    );
    // The account is opened and proven first; the last step, which joins the member, races the delete.
    const email = member.email!;
    const opened = await call('newUser', {
      body: { email, fullName: `${member.name} Member`, password: PASSWORD, orgId: r.church.orgId },
    });
    expect(opened.status).toBe(200);
    expect((await proveMailedAddress(email, PASSWORD)).status).toBe(200);
    const token = await idToken(email, PASSWORD);
    const answers = await both(
      () => call('finishSignUp', { token, body: { orgId: r.church.orgId } }),
      () => call('deleteMember', { token: r.church.adminToken, params: { memberId: member.memberId } }),
    );
    // Sign-up first: the delete unlinks the account, or (having read the member before) is refused. Delete first: nothing to join.
    expectOutcome(answers, [
      [200, 200],
      [200, 409],
      [403, 200],
    ]);
    await adoptApi(m, r);
    const account = [...m.users.values()].find((u) => u.email === member.email);
    expect(account !== undefined).toBe(answers[0].status === 200);
    expect(m.members.has(member.memberId)).toBe(answers[1].status !== 200);
  },
});

/**
 * A family renamed while one of its members is edited, added to a group, or a member added:
 * any order may win, but every member and role must carry the family's surname afterwards.
 */
export const raceRename = race(
  'race:rename+memberChange',
  fc.record({
    pick: fc.nat(),
    surname,
    other: fc.constantFrom('updateMember', 'addRole', 'addMember'),
    fields: memberFields,
    group: fc.nat(),
  }),
  {
    check: (m) => [...m.families.values()].some((f) => membersOf(m, f.familyId).length) && m.groups.size > 0,
    run: async (m, r, input, both) => {
      const family = pick(
        [...m.families.values()].filter((f) => membersOf(m, f.familyId).length),
        input.pick,
      );
      const member = pick(membersOf(m, family.familyId), input.pick);
      const group = pick(m.groups.values(), input.group);
      const token = r.church.adminToken;
      const { familyId, version, photo, ...fields } = family;
      const other = {
        updateMember: () =>
          call('updateMember', {
            token,
            params: { memberId: member.memberId },
            body: { ...input.fields, email: member.email, version: member.version },
          }),
        addRole: () =>
          call('addRole', {
            token,
            params: { groupId: group.groupId },
            body: { memberId: member.memberId, label: null },
          }),
        addMember: () => call('addMember', { token, body: { familyId, ...input.fields } }),
      }[input.other];
      const answers = await both(
        () =>
          call('updateFamily', {
            token,
            params: { familyId },
            body: { ...fields, surname: `${input.surname} ${version}`, photo, existingPhotoPath: photo, version },
          }),
        other,
      );
      for (const answer of answers) expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
      await adoptApi(m, r);
      if (answers[0].status === 200) expect(m.families.get(familyId)!.surname).toBe(`${input.surname} ${version}`);
    },
  },
);

export const raceCommands = [
  raceFamilyUpdates,
  raceMemberUpdates,
  raceDeleteMemberAddRole,
  raceAddMemberDeleteFamily,
  raceDeleteGroupAddRole,
  raceSignUpDeleteMember,
  raceRename,
];
