/** A Bible study as the audit trail names it (audit/trail.ts): its summary's fields, as it was and became. */
import type { Study } from '../core/entities';
import { recordChange } from '../audit/trail';

const AUDITED = ['title', 'description', 'sharing', 'groups', 'sessionDates'] as const;
export const studyChange = (before: Study | null, after: Study | null) => {
  const s = (after ?? before)!;
  return recordChange({ kind: 'study', id: s.studyId, name: s.title }, AUDITED, before, after);
};
