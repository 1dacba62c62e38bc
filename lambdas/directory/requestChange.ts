/**
 * A family user's edit when the church wants to approve changes first (contract/changeRules.ts):
 * not written to the record but asked, as a change request listing each declared field that moves
 * (old and new value; a new photo is taken from the photo pipeline now, so it waits with the
 * request), in one transaction with its audit entry. The church's administrators are then told,
 * once a day at most, that changes wait. Deciding a request is changeDecisions.ts.
 */
import { randomUUID } from 'node:crypto';
import type { AuditRecord } from '../contract/audit';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../contract/directory';
import { keysOf } from '../contract/entity';
import type { Family, Member } from '../core/entities';
import { transact } from '../core/repos/transact';
import type { Viewer } from '../core/viewer';
import { auditStep, recordChange } from '../audit/trail';
import type { TakenPhoto } from '../photos/photo-taking';
import { familyName, memberName } from './audited';
import { noticeAdmins } from './changeNotice';
import { requestAsked, type ChangeRequest } from './repos/changeRequests';

/** The request as the audit trail records it: asked (its changes), or decided (its status). */
export const requestRecord = (
  r: Pick<ChangeRequest, 'requestId' | 'recordName'>,
  action: AuditRecord['action'],
  changes: AuditRecord['changes'],
): AuditRecord => ({ kind: 'request', id: r.requestId, name: r.recordName, action, changes });

async function ask(
  viewer: Viewer,
  fields: Omit<
    ChangeRequest,
    'requestId' | 'orgId' | 'status' | 'by' | 'createdAt' | 'decidedAt' | 'decidedBy' | 'note'
  >,
  taken: TakenPhoto | null,
): Promise<ChangeRequest | null> {
  if (!fields.changes.length) return null;
  const request: ChangeRequest = {
    requestId: randomUUID(),
    orgId: viewer.orgId,
    ...fields,
    status: 'pending',
    by: { userId: viewer.actor?.userId ?? '', email: viewer.actor?.email ?? '' },
    createdAt: new Date().toISOString(),
    decidedAt: null,
    decidedBy: null,
    note: null,
  };
  await transact(viewer.orgId, [
    requestAsked(request),
    ...(taken ? [taken.step] : []),
    auditStep(viewer, { kind: 'family', id: request.familyId, name: request.familyName }, [
      requestRecord(request, 'added', request.changes),
    ]),
  ]);
  await noticeAdmins(viewer.orgId);
  return request;
}

/** The family's edit as a request (null: nothing would change). */
export function askFamilyChange(
  viewer: Viewer,
  family: Family,
  next: Family,
  taken: TakenPhoto | null,
): Promise<ChangeRequest | null> {
  const asked = recordChange({ kind: 'family', id: family.familyId, name: '' }, keysOf(FAMILY_FIELDS), family, next);
  return ask(
    viewer,
    {
      familyId: family.familyId,
      familyName: familyName(family),
      kind: 'family',
      recordId: family.familyId,
      recordName: familyName(family),
      baseVersion: family.version,
      changes: asked?.changes ?? [],
      ...(taken && { photoSize: taken.size }),
    },
    taken,
  );
}

/** A member's edit as a request (null: nothing would change). */
export function askMemberChange(viewer: Viewer, member: Member, wanted: Member): Promise<ChangeRequest | null> {
  // A held address is the member's address as the family knows it (members.ts): not a change.
  const known = { ...member, email: member.email ?? member.pendingEmail ?? null };
  const asked = recordChange({ kind: 'member', id: member.memberId, name: '' }, keysOf(MEMBER_FIELDS), known, wanted);
  return ask(
    viewer,
    {
      familyId: member.familyId,
      familyName: familyName(member),
      kind: 'member',
      recordId: member.memberId,
      recordName: memberName(member),
      baseVersion: member.version,
      changes: asked?.changes ?? [],
    },
    null,
  );
}
