/** Commands on the church's accounts: member sign-up (with strangers squatting addresses), admin status, deletion; each asserted against the model. */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { ListUsersResult, MeResult, SetUserAdminResult } from '../../../lambdas/contract/api';
import { ACCOUNT_EXISTS, ACCOUNT_OPENED, VERIFY_FIRST } from '../../../lambdas/accounts/accounts';
import { call, idToken } from '../api';
import { signUpAndJoin } from '../fixtures';
import { otherUsers, pick, type ChurchModel } from './church';
import { command } from './command';
import { expectStatus } from './picture';

const SQUATTER_PASSWORD = 'not-the-owner-1';

const membersWithEmail = (m: Readonly<ChurchModel>) => [...m.members.values()].filter((x) => x.email);

const accountOf = (m: Readonly<ChurchModel>, email: string) => [...m.users.values()].find((u) => u.email === email);

/**
 * A stranger opens an account with a member's address and never proves it: the same answer as any
 * sign-up, and the account learns nothing (no church, no member ids) and can finish nothing. The
 * owner's later sign-up replaces it (signUp below), so the model holds nothing for it.
 */
export const squat = command('newUser:squatter', fc.nat(), {
  check: (m) => membersWithEmail(m).length > 0,
  run: async (m, r, p) => {
    const email = pick(membersWithEmail(m), p).email!;
    const answer = await call('newUser', {
      body: { email, fullName: 'Some Stranger', password: SQUATTER_PASSWORD, orgId: r.church.orgId },
    });
    expect(answer.body).toEqual({ success: true, message: ACCOUNT_OPENED });
    // An address its owner has proven keeps its account: the stranger's password opens nothing.
    if (accountOf(m, email)) return;
    const token = await idToken(email, SQUATTER_PASSWORD);
    const me = expectStatus(await call<MeResult>('getMe', { token }), 200).body;
    expect(me).toMatchObject({ orgId: '', orgName: '', memberId: null, familyId: null, admin: false });
    for (const operation of ['finishSignUp', 'addClaimCreds'] as const) {
      const refused = await call(operation, { token, body: { orgId: r.church.orgId } });
      expectStatus(refused, 403, 'permission-denied');
      expect(refused.body.error?.message).toBe(VERIFY_FIRST);
    }
  },
});

/**
 * The owner signs up with the church's link and proves the address: an account linked to the
 * member, whatever a stranger opened before; already-exists once the address has an account.
 */
export const signUp = command('newUser', fc.nat(), {
  check: (m) => membersWithEmail(m).length > 0,
  run: async (m, r, p) => {
    const member = pick(membersWithEmail(m), p);
    const email = member.email!;
    const answer = await signUpAndJoin(email, r.church.orgId);
    if (accountOf(m, email)) {
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

export const userCommands = [squat, signUp, setUserAdmin, deleteUser];
