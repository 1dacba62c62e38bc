import type { ChurchPrivacy } from './entities';

/** Who makes a change, as the audit trail records it: the account, and through which operation and request. */
export interface Actor {
  userId: string;
  email: string;
  operation: string;
  /** API Gateway's id of the request (null for a job's task). */
  requestId: string | null;
}

/** Who is asking, as the domain needs it (the handler's Principal satisfies this). */
export interface Viewer {
  orgId: string;
  admin: boolean;
  /** The family this account belongs to (user record first, then the token's claim). */
  familyId: string | null;
  /** The member this account is (user record first, then the token's claim): whose groups count as the viewer's. */
  memberId: string | null;
  /** The groups of that member, when the request already read them (null: read when needed). */
  groupIds?: ReadonlySet<string> | null;
  /** The groups that member leads, when the request read them (null: read when needed). */
  leads?: ReadonlySet<string> | null;
  user: { mobileAppLinked: boolean } | null;
  /** The church's privacy item, when the request already read it (null or absent: read when needed). */
  church?: ChurchPrivacy | null;
  /** Who the audit trail names for the viewer's changes (null or absent: the system's own work). */
  actor?: Actor | null;
}

/** Admins edit every family; the family user (familyId claim) edits their own. */
export const canEditFamily = (viewer: Viewer, familyId: string) => viewer.admin || viewer.familyId === familyId;

/** Sorting for names in any script: case and accents do not split 'Ödegård' from 'Odegard'. */
export const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;
