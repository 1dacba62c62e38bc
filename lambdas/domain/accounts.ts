/**
 * Member sign-up (newUser): an account is made only for an e-mail address a church already holds
 * for one of its members. With an organisation id (the church's link) only that church is
 * considered; without one the address must belong to exactly one church. Every refusal answers the
 * same words, so the answers do not tell which addresses exist in which church; only an address
 * that already has an account says so.
 */
import type { MemberSignupInput } from '../contract/auth';
import type { UserRecord } from './entities';
import { denied } from './errors';
import { createAccount, deleteAccount } from './identity';
import { createMemberUserRecord, findMemberByEmail, findMembersByEmailAnywhere, type MemberLink } from './repos/users';

/** One neutral answer for an unknown address, an unknown church and an address the church does not hold. */
export const CANNOT_JOIN =
  'An account could not be created for this email address. Ask your church administrator to add this email address to the directory, then use your church’s sign-up link.';
export const ACCOUNT_EXISTS = 'An account with this email address already exists. Try logging in.';

/** What our organisation ids look like; anything else cannot name a church. */
const ORG_ID = /^[A-Za-z0-9_-]{1,64}$/;

async function memberToJoin(email: string, orgId: string | null): Promise<MemberLink | null> {
  if (orgId !== null) {
    if (!ORG_ID.test(orgId)) return null;
    const member = await findMemberByEmail(orgId, email);
    return member ? { orgId, ...member } : null;
  }
  const members = await findMembersByEmailAnywhere(email);
  const churches = new Set(members.map((m) => m.orgId));
  return churches.size === 1 ? members[0]! : null;
}

/** Creates the Cognito account and its user record, linked to the member; all or nothing. */
export async function signUpMember(input: MemberSignupInput): Promise<{ userId: string; orgId: string }> {
  const member = await memberToJoin(input.email, input.orgId);
  if (!member) throw denied(CANNOT_JOIN);

  const userId = await createAccount({
    email: input.email,
    name: input.fullName,
    password: input.password,
    custom: { orgId: member.orgId, admin: 'false', memberId: member.memberId, familyId: member.familyId },
    emailTakenMessage: ACCOUNT_EXISTS,
  });
  const user: UserRecord & MemberLink = {
    userId,
    orgId: member.orgId,
    email: input.email,
    admin: false,
    memberId: member.memberId,
    familyId: member.familyId,
    createdAt: new Date().toISOString(),
    platform: null,
    mobileAppLinked: false,
  };
  let outcome: Awaited<ReturnType<typeof createMemberUserRecord>>;
  try {
    outcome = await createMemberUserRecord(user);
  } catch (error) {
    await deleteAccount(userId);
    throw error;
  }
  if (outcome === 'member-gone') {
    // The member was removed between the lookup and the write: as if the church never held it.
    await deleteAccount(userId);
    throw denied(CANNOT_JOIN);
  }
  return { userId, orgId: member.orgId };
}
