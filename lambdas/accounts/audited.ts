/**
 * Accounts as the audit trail names them (audit/trail.ts): an account is the subject of its own
 * changes (its admin right, its link to a member, its removal), named by its e-mail address.
 */
import type { AuditRecord, AuditSubject } from '../contract/audit';
import type { UserRecord } from '../core/entities';
import { recordChange } from '../audit/trail';

export const accountSubject = (u: Pick<UserRecord, 'userId' | 'email'>): AuditSubject => ({
  kind: 'account',
  id: u.userId,
  name: u.email,
});

export const accountChange = (before: UserRecord | null, after: UserRecord | null): AuditRecord | null => {
  const u = (after ?? before)!;
  return recordChange(
    { kind: 'account', id: u.userId, name: u.email },
    ['email', 'admin', 'memberId', 'familyId'],
    before,
    after,
  );
};

/** An account whose member (or family) was deleted: unlinked from it, in the same transaction. */
export const accountUnlinked = (u: UserRecord) => accountChange(u, { ...u, memberId: null, familyId: null });
