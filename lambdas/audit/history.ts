/**
 * The audit trail as administrators browse it: a page at a time, newest first, by record, by
 * person and by days, with an opaque pointer to the next page. Nobody else reads it.
 */
import { AUDIT_MESSAGES, AUDIT_PAGE, parseSubject, type ListAuditQuery, type ListAuditResult } from '../contract/audit';
import { denied } from '../core/errors';
import { placeOf, pointerOf } from '../core/pointer';
import type { Viewer } from '../core/viewer';
import { readAuditPage, subjectKey } from './repos/auditTrail';

export async function auditHistory(viewer: Viewer, query: ListAuditQuery): Promise<ListAuditResult> {
  if (!viewer.admin) throw denied();
  const subject = query.subject ? parseSubject(query.subject) : null;
  const page = await readAuditPage(
    viewer.orgId,
    {
      ...(subject && { subject: subjectKey({ kind: subject.kind, id: subject.id ?? viewer.orgId }) }),
      ...(query.by && { by: query.by }),
      ...(query.from && { from: query.from }),
      ...(query.to && { to: query.to }),
      ...(query.after && { after: placeOf(query.after, AUDIT_MESSAGES.pointer) }),
    },
    AUDIT_PAGE,
  );
  return { success: true, entries: page.entries, next: page.last ? pointerOf(page.last) : null };
}
