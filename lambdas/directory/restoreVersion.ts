/**
 * An administrator restores a family or a member as it was before one change of its history (the
 * audit trail's old values), when nothing newer would be lost: the record must still be the
 * version that change made. The restore is itself a change, written by the forms' own writes with
 * its audit entry. A record added or removed is not restored here (a removed family's accounts,
 * addresses and groups went with it).
 */
import { AUDIT_MESSAGES, type AuditRecord, type RestoreInput, type RestoreResult } from '../contract/audit';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../contract/directory';
import { valuesOf } from '../contract/entity';
import { AppError, denied, invalid, notFound } from '../core/errors';
import type { Viewer } from '../core/viewer';
import { readAuditEntry } from '../audit/repos/auditTrail';
import { familyToChange, updateFamily } from './families';
import { updateMember } from './members';
import { readMember } from './repos/directory';

/** The change's old values over the record as it is. */
const before = (record: AuditRecord) => Object.fromEntries(record.changes.map((c) => [c.field, c.old]));

const newer = () => new AppError('aborted', AUDIT_MESSAGES.newer);

export async function restoreVersion(viewer: Viewer, input: RestoreInput): Promise<RestoreResult> {
  if (!viewer.admin) throw denied();
  const entry = await readAuditEntry(viewer.orgId, input.at, input.entryId);
  const record = entry?.records.find((r) => r.id === input.recordId);
  if (!entry || !record) throw notFound(AUDIT_MESSAGES.entry);
  if (record.action !== 'changed' || record.version === undefined || !['family', 'member'].includes(record.kind))
    throw invalid(AUDIT_MESSAGES.notRestorable);
  if (record.kind === 'family') {
    const { family } = await familyToChange(viewer, record.id);
    if (family.version !== record.version) throw newer();
    // A photo goes back only as a photo the family holds now or none: an older one's files are gone.
    const { photo: _photo, ...old } = before(record);
    await updateFamily(viewer, record.id, {
      ...valuesOf(FAMILY_FIELDS, family),
      ...old,
      photo: undefined,
      version: family.version,
    });
  } else {
    const found = await readMember(viewer.orgId, record.id);
    if (!found) throw notFound(AUDIT_MESSAGES.entry);
    if (found.member.version !== record.version) throw newer();
    const { pendingEmail: _held, ...old } = before(record);
    await updateMember(viewer, record.id, {
      ...valuesOf(MEMBER_FIELDS, found.member),
      ...old,
      version: found.member.version,
    });
  }
  return { success: true, message: AUDIT_MESSAGES.restored(record.name) };
}
