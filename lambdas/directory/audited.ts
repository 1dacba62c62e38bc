/**
 * Families and members as the audit trail names them (audit/trail.ts): a family is the subject of
 * its own changes and of its members', and each record's part lists the declared fields (and a
 * member's held address) as they were and became.
 */
import type { AuditRecord, AuditSubject } from '../contract/audit';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../contract/directory';
import { keysOf } from '../contract/entity';
import type { Family, Member } from '../core/entities';
import { recordChange } from '../audit/trail';

const FAMILY_AUDITED = keysOf(FAMILY_FIELDS);
const MEMBER_AUDITED = [...keysOf(MEMBER_FIELDS), 'pendingEmail'] as const;

export const familyName = (f: Pick<Family, 'surname'>) => `${f.surname} family`;
export const memberName = (m: Pick<Member, 'name' | 'surname'>) => `${m.name} ${m.surname}`;

export const familySubject = (f: Pick<Family, 'familyId' | 'surname'>): AuditSubject => ({
  kind: 'family',
  id: f.familyId,
  name: familyName(f),
});

export const familyChange = (before: Family | null, after: Family | null): AuditRecord | null => {
  const f = (after ?? before)!;
  return recordChange({ kind: 'family', id: f.familyId, name: familyName(f) }, FAMILY_AUDITED, before, after);
};

export const memberChange = (before: Member | null, after: Member | null): AuditRecord | null => {
  const m = (after ?? before)!;
  return recordChange({ kind: 'member', id: m.memberId, name: memberName(m) }, MEMBER_AUDITED, before, after);
};
