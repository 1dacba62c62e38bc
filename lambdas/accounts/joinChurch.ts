/**
 * Member sign-up's finishing step (finishSignUp), once the address is proven: the account joins
 * the member a church holds for its address. With an organisation id (the church's link) only
 * that church is considered; without one the address must belong to exactly one church. Every
 * refusal answers the same words, so the answers do not tell which addresses exist in which church.
 */
import type { Principal } from '../core/principal';
import { ACCOUNT_EXISTS, CANNOT_JOIN, provenAccount, purposeDone } from './accounts';
import type { UserRecord } from '../core/entities';
import { AppError, denied } from '../core/errors';
import { clearCustomAttributes, setCustomAttributes } from './identity';
import { auditStep } from '../audit/trail';
import { accountChange, accountSubject } from './audited';
import { createMemberUserRecord, findMemberByEmail, findMembersByEmailAnywhere, type MemberLink } from './repos/users';

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

/** Links the proven account to its member: the claims, then the user record; all or nothing. */
export async function joinChurch(principal: Principal, orgId: string | null): Promise<MemberLink> {
  const account = await provenAccount(principal);
  if (account.orgId) throw new AppError('already-exists', ACCOUNT_EXISTS);
  const member = await memberToJoin(principal.email, orgId);
  if (!member) throw denied(CANNOT_JOIN);

  await setCustomAttributes(account.username, {
    orgId: member.orgId,
    admin: 'false',
    memberId: member.memberId,
    familyId: member.familyId,
  });
  const user: UserRecord & MemberLink = {
    userId: account.sub,
    orgId: member.orgId,
    email: principal.email,
    admin: false,
    memberId: member.memberId,
    familyId: member.familyId,
    createdAt: new Date().toISOString(),
    platform: null,
    mobileAppLinked: false,
  };
  let outcome: Awaited<ReturnType<typeof createMemberUserRecord>>;
  try {
    outcome = await createMemberUserRecord(
      user,
      auditStep({ ...principal, orgId: user.orgId }, accountSubject(user), [accountChange(null, user)]),
    );
  } catch (error) {
    await clearCustomAttributes(account.username);
    throw error;
  }
  if (outcome === 'member-gone') {
    // The member was removed between the look-up and the write: as if the church never held it.
    await clearCustomAttributes(account.username);
    throw denied(CANNOT_JOIN);
  }
  await purposeDone(principal);
  return member;
}
