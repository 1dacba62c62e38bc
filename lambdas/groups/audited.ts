/**
 * Groups and roles as the audit trail names them (audit/trail.ts): a group is the subject of its
 * own changes and of its roles'; a role is named by its member and group.
 */
import type { AuditRecord, AuditSubject } from '../contract/audit';
import type { Group, Role } from '../core/entities';
import { recordChange } from '../audit/trail';

export const groupSubject = (g: Pick<Group, 'groupId' | 'groupName'>): AuditSubject => ({
  kind: 'group',
  id: g.groupId,
  name: g.groupName,
});

export const groupChange = (before: Group | null, after: Group | null): AuditRecord | null => {
  const g = (after ?? before)!;
  return recordChange({ kind: 'group', id: g.groupId, name: g.groupName }, ['groupName'], before, after);
};

export const roleChange = (before: Role | null, after: Role | null): AuditRecord | null => {
  const r = (after ?? before)!;
  return recordChange(
    { kind: 'role', id: `${r.groupId}:${r.memberId}`, name: `${r.memberName} in ${r.groupName}` },
    ['memberId', 'groupId', 'label', 'leader'],
    before,
    after,
  );
};
