/** Commands on the church's accounts: member sign-up, admin status, deletion; each asserted against the model. */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { ListUsersResult, SetUserAdminResult } from '../../../lambdas/contract/api';
import { ACCOUNT_EXISTS } from '../../../lambdas/domain/accounts';
import { call } from '../api';
import { PASSWORD } from '../fixtures';
import { otherUsers, pick, type ChurchModel } from './church';
import { command } from './command';
import { expectStatus } from './picture';

const membersWithEmail = (m: Readonly<ChurchModel>) => [...m.members.values()].filter((x) => x.email);

/** Sign-up with the church's link for a member's e-mail: an account linked to the member, or already-exists for an address that has one. */
export const signUp = command('newUser', fc.nat(), {
  check: (m) => membersWithEmail(m).length > 0,
  run: async (m, r, p) => {
    const member = pick(membersWithEmail(m), p);
    const email = member.email!;
    const answer = await call('newUser', {
      body: { email, fullName: `${member.name} Member`, password: PASSWORD, orgId: r.church.orgId },
    });
    if ([...m.users.values()].some((u) => u.email === email)) {
      expectStatus(answer, 409, 'already-exists');
      expect(answer.body.error?.message).toBe(ACCOUNT_EXISTS);
      return;
    }
    expectStatus(answer, 200);
    const users = expectStatus(await call<ListUsersResult>('listUsers', { token: r.church.adminToken }), 200).body
      .users;
    const user = users.find((u) => u.email === email && !m.users.has(u.userId));
    expect(user, `a user record for ${email}`).toBeDefined();
    m.users.set(user!.userId, {
      userId: user!.userId,
      email,
      admin: false,
      memberId: member.memberId,
      familyId: member.familyId,
    });
  },
});

export const setUserAdmin = command('setUserAdminClaim', fc.record({ pick: fc.nat(), admin: fc.boolean() }), {
  check: (m) => m.users.size > 1,
  run: async (m, r, { pick: p, admin }) => {
    const user = pick(otherUsers(m, r), p);
    const answer = expectStatus(
      await call<SetUserAdminResult>('setUserAdminClaim', {
        token: r.church.adminToken,
        params: { userId: user.userId },
        body: { setAdminStatus: admin },
      }),
      200,
    );
    user.admin = admin;
    expect(answer.body.user).toMatchObject(user);
  },
});

export const deleteUser = command('deleteUserAuth', fc.nat(), {
  check: (m) => m.users.size > 1,
  run: async (m, r, p) => {
    const user = pick(otherUsers(m, r), p);
    expectStatus(await call('deleteUserAuth', { token: r.church.adminToken, params: { userId: user.userId } }), 200);
    m.users.delete(user.userId);
  },
});

export const userCommands = [signUp, setUserAdmin, deleteUser];
