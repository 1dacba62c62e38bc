/**
 * The audit trail as administrators browse it: a page at a time, newest first, by record, by
 * person and by days, with an opaque pointer to the next page. Nobody else reads it.
 */
import { AUDIT_MESSAGES, AUDIT_PAGE, parseSubject, type ListAuditQuery, type ListAuditResult } from '../contract/audit';
import { denied, invalid } from '../core/errors';
import type { Viewer } from '../core/viewer';
import { readAuditPage, subjectKey } from './repos/auditTrail';

/** An entry's place (`<at>#<entryId>`), as the pointer carries it. */
const PLACE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z#[0-9a-f-]{36}$/;

const pointerOf = (place: string) => Buffer.from(place).toString('base64url');

function placeOf(pointer: string): string {
  const place = Buffer.from(pointer, 'base64url').toString();
  if (!PLACE.test(place)) throw invalid(AUDIT_MESSAGES.pointer);
  return place;
}

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
      ...(query.after && { after: placeOf(query.after) }),
    },
    AUDIT_PAGE,
  );
  return { success: true, entries: page.entries, next: page.last ? pointerOf(page.last) : null };
}
