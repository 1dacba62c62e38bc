/**
 * User management (/admin/users): the church's accounts, admin status and deletion. The user record
 * is authoritative for admin (platform/principal.ts reads it on every request), so a removal or a
 * deletion takes effect on that user's next request; the Cognito attribute follows so that the next
 * token agrees.
 */
import type { UserView } from '../contract/api';
import type { UserRecord } from './entities';
import { AppError, denied, notFound } from './errors';
import { deleteAccount, setCustomAttributes, signOutEverywhere } from './identity';
import { deleteUserRecord, getUserRecord, listUserRecords, setUserRecordAdmin } from './repos/users';

export const USER_NOT_FOUND = 'User not found.';
export const CANNOT_DELETE_SELF = 'You cannot delete your own account.';

/** The admin making the change. */
export interface Actor {
  orgId: string;
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

export async function listUsers(actor: Actor): Promise<UserView[]> {
  return (await listUserRecords(actor.orgId)).map(userView).sort(byEmail);
}

export async function setAdmin(actor: Actor, userId: string, admin: boolean): Promise<UserView> {
  const before = await getUserRecord(actor.orgId, userId);
  if (!before) throw notFound(USER_NOT_FOUND);
  const after = await setUserRecordAdmin(actor.orgId, userId, admin);
  if (!after) throw notFound(USER_NOT_FOUND);
  try {
    await setCustomAttributes(userId, { admin: admin ? 'true' : 'false' });
  } catch (error) {
    // Keep the record and the attribute together: undo the record's change, then report.
    await setUserRecordAdmin(actor.orgId, userId, before.admin === true);
    if ((error as Error).name === 'UserNotFoundException') {
      throw new AppError('failed-precondition', 'This user no longer has a sign-in account. Delete the user instead.');
    }
    throw error;
  }
  return userView(after);
}

/**
 * Revokes the account's refresh tokens, deletes the Cognito account, then the user record: a
 * failure part-way leaves the record listed, so the admin can simply try again.
 */
export async function deleteUser(actor: Actor, userId: string): Promise<UserView> {
  if (userId === actor.userId) throw denied(CANNOT_DELETE_SELF);
  const user = await getUserRecord(actor.orgId, userId);
  if (!user) throw notFound(USER_NOT_FOUND);
  // By the record's id (the account's sub): exactly the account this record belongs to.
  await signOutEverywhere(userId);
  await deleteAccount(userId);
  await deleteUserRecord(actor.orgId, userId);
  return userView(user);
}
