/**
 * User management (/admin/users): the church's accounts, admin status and deletion. The user record
 * is authoritative for admin (platform/wiring/principal.ts reads it on every request), so a removal or a
 * deletion takes effect on that user's next request; the Cognito attribute follows so that the next
 * token agrees. The operator's account (SUPER_ADMIN_EMAIL) is not the church's: it is never listed,
 * changed or deleted here, as if it were not there. A church always keeps an administrator.
 */
import { NO_ADMIN_LEFT } from '../contract/users';
import type { UserView } from '../contract/api';
import { JOB_MESSAGES } from '../contract/jobTexts';
import type { UserRecord } from '../core/entities';
import { AppError, denied, notFound } from '../core/errors';
import { deleteAccount } from './accountDeletion';
import { setCustomAttributes } from './identity';
import { isOperatorEmail } from './operator';
import { getOrgName } from './repos/orgs';
import { listInvitations } from './repos/invitations';
import type { Viewer } from '../core/viewer';
import { auditStep } from '../audit/trail';
import { accountChange, accountSubject } from './audited';
import {
  deleteUserRecord,
  getUserRecord,
  listUserRecords,
  removeAdminWhileKept,
  setUserRecordAdmin,
} from './repos/users';

export const USER_NOT_FOUND = 'User not found.';

/** The audit entry of an account's admin right set to `admin`. */
const adminAudit = (actor: Actor, user: UserRecord, admin: boolean) =>
  auditStep(actor, accountSubject(user), [accountChange(user, { ...user, admin })]);
export const CANNOT_DELETE_SELF = 'You cannot delete your own account.';

/** The admin making the change (the audit trail names their account). */
export interface Actor extends Pick<Viewer, 'orgId' | 'actor'> {
  userId: string;
}

export const userView = (u: UserRecord): UserView => ({
  userId: u.userId,
  email: u.email,
  admin: u.admin === true,
  memberId: u.memberId ?? null,
  familyId: u.familyId ?? null,
  createdAt: u.createdAt ?? null,
});

const byEmail = (a: UserView, b: UserView) =>
  a.email < b.email ? -1 : a.email > b.email ? 1 : a.userId.localeCompare(b.userId);

/** The church's own accounts: every user record of its partition but the operator's. */
const churchUsers = async (orgId: string) => (await listUserRecords(orgId)).filter((u) => !isOperatorEmail(u.email));

async function churchUser(orgId: string, userId: string): Promise<UserRecord> {
  const user = await getUserRecord(orgId, userId);
  if (!user || isOperatorEmail(user.email)) throw notFound(USER_NOT_FOUND);
  return user;
}

export async function listUsers(actor: Pick<Actor, 'orgId'>): Promise<UserView[]> {
  return (await churchUsers(actor.orgId)).map(userView).sort(byEmail);
}

/**
 * Takes the admin right from `target` while another of the church's admins keeps theirs: the
 * actor first (removing someone else's right), else any other. Each try checks its keeper in the
 * same transaction, so a keeper who lost the right meanwhile is passed over, never counted.
 */
async function removeAdminRight(actor: Actor, target: UserRecord): Promise<void> {
  const others = (await churchUsers(actor.orgId)).filter((u) => u.admin && u.userId !== target.userId);
  const keepers = others.sort((a, b) => Number(b.userId === actor.userId) - Number(a.userId === actor.userId));
  for (const keeper of keepers) {
    const outcome = await removeAdminWhileKept(
      actor.orgId,
      target.userId,
      keeper.userId,
      adminAudit(actor, target, false),
    );
    if (outcome === 'removed') return;
    if (outcome === 'gone') throw notFound(USER_NOT_FOUND);
  }
  throw new AppError('failed-precondition', NO_ADMIN_LEFT);
}

/** The record first (it decides), then the Cognito attribute; a failure of the second undoes the first. */
async function changeAdmin(actor: Actor, before: UserRecord, admin: boolean): Promise<UserView> {
  if (!admin && before.admin) await removeAdminRight(actor, before);
  else if (!(await setUserRecordAdmin(actor.orgId, before.userId, admin, adminAudit(actor, before, admin))))
    throw notFound(USER_NOT_FOUND);
  try {
    await setCustomAttributes(before.userId, { admin: admin ? 'true' : 'false' });
  } catch (error) {
    const undone = { ...before, admin };
    await setUserRecordAdmin(
      actor.orgId,
      before.userId,
      before.admin === true,
      adminAudit(actor, undone, before.admin),
    );
    if ((error as Error).name === 'UserNotFoundException') {
      throw new AppError('failed-precondition', 'This user no longer has a sign-in account. Delete the user instead.');
    }
    throw error;
  }
  return userView({ ...before, admin });
}

export async function setAdmin(actor: Actor, userId: string, admin: boolean): Promise<UserView> {
  return changeAdmin(actor, await churchUser(actor.orgId, userId), admin);
}

/** The super-admin makes a user of a church its administrator (for a church that lost its own). */
export async function makeChurchAdmin(operator: Pick<Actor, 'userId' | 'actor'>, orgId: string, userId: string) {
  if ((await getOrgName(orgId)) === null) throw notFound(JOB_MESSAGES.orgNotFound);
  return changeAdmin({ orgId, userId: operator.userId, actor: operator.actor }, await churchUser(orgId, userId), true);
}

/** The super-admin's view of a church's users, to choose its administrator. */
export async function listChurchUsers(orgId: string): Promise<UserView[]> {
  if ((await getOrgName(orgId)) === null) throw notFound(JOB_MESSAGES.orgNotFound);
  return listUsers({ orgId });
}

/**
 * Deletes the account (its own items, its refresh tokens, the Cognito account), then the user record: a
 * failure part-way leaves the record listed, so the admin can simply try again. An administrator
 * loses the right first, in a write that keeps another one, so no deletion leaves the church
 * without an administrator.
 */
export async function deleteUser(actor: Actor, userId: string): Promise<UserView> {
  if (userId === actor.userId) throw denied(CANNOT_DELETE_SELF);
  const user = await churchUser(actor.orgId, userId);
  if (user.admin) await removeAdminRight(actor, user);
  // By the record's id (the account's sub): exactly the account this record belongs to.
  await deleteAccount({ sub: userId });
  await deleteUserRecord(actor.orgId, userId, (u) => auditStep(actor, accountSubject(u), [accountChange(u, null)]));
  return userView(user);
}

/** The church's user accounts, ordered by e-mail (one Query), and when it last invited each address (one Query). */
export async function usersWithInvitations(actor: Pick<Actor, 'orgId'>) {
  const [users, invitations] = await Promise.all([listUsers(actor), listInvitations(actor.orgId)]);
  return { users, invitations };
}
