/**
 * User management: setUserAdminClaim grants or removes admin, deleteUserAuth deletes an account;
 * the super-admin's listOrganizationUsers and makeOrganizationAdmin name the church in the path.
 */
import * as z from 'zod/mini';
import { Id, MESSAGES } from './directory';

/** The server's refusal to remove the last administrator; the page says it before asking. */
export const NO_ADMIN_LEFT =
  'Your church needs at least one administrator. Make someone else an administrator first, then try again.';

export const UserParams = z.object({ userId: Id }, { error: MESSAGES.badId });

export const SetAdminInput = z.object(
  { setAdminStatus: z.boolean({ error: 'Invalid data provided. setAdminStatus must be true or false.' }) },
  { error: 'Invalid data provided. setAdminStatus must be true or false.' },
);
export type SetAdminInput = z.infer<typeof SetAdminInput>;

export const OrganizationParams = z.object({ orgId: Id }, { error: MESSAGES.badId });
export const OrganizationUserParams = z.object({ orgId: Id, userId: Id }, { error: MESSAGES.badId });
