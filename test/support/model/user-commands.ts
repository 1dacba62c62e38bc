/** Commands on the church's accounts: member sign-up (with strangers squatting addresses), admin status, deletion; each asserted against the model. */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { ListUsersResult, SetUserAdminResult } from '../../../lambdas/contract/api';
import { ACCOUNT_EXISTS_SUBJECT } from '../../../lambdas/accounts/proofMails';
import { MAILS_PER_DAY } from '../../../lambdas/accounts/repos/addressProofs';
import { PROOF_MESSAGES } from '../../../lambdas/contract/auth';
import { COGNITO_MAIL } from '../../../lib/settings';
import { call, idToken } from '../api';
import { PASSWORD } from '../fixtures';
import { mailedCode, mailsTo, proveMailedAddress } from '../mail';
import { otherUsers, pick, type ChurchModel } from './church';
import { command } from './command';
import { expectStatus } from './picture';

const SQUATTER_PASSWORD = 'not-the-owner-1';

const membersWithEmail = (m: Readonly<ChurchModel>) => [...m.members.values()].filter((x) => x.email);

const accountOf = (m: Readonly<ChurchModel>, email: string) => [...m.users.values()].find((u) => u.email === email);

const PROOF_SUBJECTS: string[] = [COGNITO_MAIL.verification.subject, ACCOUNT_EXISTS_SUBJECT];

/**
 * Asks for an account for the address: the same answer whoever asks, until the address had its
 * day's messages (then 429 for everyone). Answers whether the message went.
 */
async function askForAccount(email: string, password: string, orgId: string): Promise<boolean> {
  const sent = (await mailsTo(email)).filter((mail) => PROOF_SUBJECTS.includes(mail.subject)).length;
  const answer = await call('newUser', { body: { email, fullName: 'Some One', password, orgId } });
  if (sent >= MAILS_PER_DAY) {
    expectStatus(answer, 429, 'resource-exhausted');
    return false;
  }
  expect(answer.body).toEqual({ success: true, message: PROOF_MESSAGES.mailed });
  return true;
}

/**
 * A stranger asks for an account with a member's address and cannot prove it: the same answer as
 * any sign-up, no account is made, and an account the owner has keeps its password.
 */
export const squat = command('newUser:squatter', fc.nat(), {
  check: (m) => membersWithEmail(m).length > 0,
  run: async (m, r, p) => {
    const email = pick(membersWithEmail(m), p).email!;
    await askForAccount(email, SQUATTER_PASSWORD, r.church.orgId);
    await expect(idToken(email, SQUATTER_PASSWORD)).rejects.toThrow();
  },
});

/**
 * The owner signs up with the church's link and proves the address: an account linked to the
 * member; an address that has an account is mailed the way into it, with no code.
 */
export const signUp = command('newUser', fc.nat(), {
  check: (m) => membersWithEmail(m).length > 0,
  run: async (m, r, p) => {
    const member = pick(membersWithEmail(m), p);
    const email = member.email!;
    if (!(await askForAccount(email, PASSWORD, r.church.orgId))) return;
    if (accountOf(m, email)) {
      expect((await mailsTo(email))[0]).toMatchObject({ subject: ACCOUNT_EXISTS_SUBJECT });
      expect(await mailedCode(email)).toBeUndefined();
      return;
    }
    expectStatus(await proveMailedAddress(email, PASSWORD), 200);
    const answer = await call('finishSignUp', {
      token: await idToken(email, PASSWORD),
      body: { orgId: r.church.orgId },
    });
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
