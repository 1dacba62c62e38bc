/**
 * The caller of a request, as its token says and its admission found (platform/wiring/principal.ts
 * reads and admits it; the capabilities take it as it is).
 */
import type { ChurchPrivacy, UserRecord } from './entities';
import type { Actor } from './viewer';

export interface Principal {
  userId: string;
  email: string;
  emailVerified: boolean;
  /** '' when the token has no organisation. */
  orgId: string;
  memberId: string | null;
  familyId: string | null;
  /** From the user record for routes at `member` level and above; false otherwise. */
  admin: boolean;
  superAdmin: boolean;
  user: UserRecord | null;
  /** The groups of the linked member, read with it to admit the request (null: not read). */
  groupIds: ReadonlySet<string> | null;
  /** The groups that member leads, read with it (null: not read). */
  leads: ReadonlySet<string> | null;
  /** The church's privacy item, read with the user record for routes that ask for it (null: not read). */
  church: ChurchPrivacy | null;
  /** Who the audit trail names for this request's changes (set by the route once the caller is known). */
  actor: Actor | null;
}
