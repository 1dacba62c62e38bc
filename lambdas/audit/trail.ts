/**
 * What a change writes to the audit trail: one entry, put in the change's own transaction (so a
 * change is never without its entry, nor an entry without its change), naming who made it, when,
 * through which operation and request, its subject, and each record's fields as they were and
 * became. Every write of families, members, groups, roles, accounts, admin rights, privacy
 * choices, settings, imports and exports adds `auditStep` to its steps.
 */
import { randomUUID } from 'node:crypto';
import type { AuditRecord, AuditRecordKind, AuditSubject, AuditValue } from '../contract/audit';
import type { Step } from '../core/repos/transact';
import type { Viewer } from '../core/viewer';
import { auditEntryStep } from './repos/auditTrail';

/** A value as the trail keeps it: absent is null, a set is its sorted members. */
function kept(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Set) return [...(value as Set<string>)].sort();
  return value as AuditValue;
}

const same = (a: AuditValue, b: AuditValue) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A record's part in a change, over the fields given: added (`before` null: every field that has
 * a value), removed (`after` null: every field that had one) or changed (the fields that moved);
 * null when nothing moved.
 */
export function recordChange<T extends object>(
  record: { kind: AuditRecordKind; id: string; name: string },
  fields: readonly (keyof T & string)[],
  before: T | null,
  after: T | null,
): AuditRecord | null {
  const changes = fields
    .map((field) => ({ field, old: kept(before?.[field]), new: kept(after?.[field]) }))
    .filter((c) => !same(c.old, c.new));
  if (before && after && !changes.length) return null;
  const action = !before ? 'added' : !after ? 'removed' : 'changed';
  const version = (after as { version?: unknown } | null)?.version;
  return { ...record, action, changes, ...(typeof version === 'number' && { version }) };
}

/** The church itself: the subject of its settings, its privacy defaults, its imports and exports. */
export const churchSubject = (orgId: string): AuditSubject => ({ kind: 'church', id: orgId, name: 'The church' });

export interface AuditOptions {
  /** The member's change request the change applies or decides. */
  changeRequestId?: string | null;
}

/** The entry of a change to `subject`, as one step of its transaction; records that did not move are left out. */
export function auditStep(
  viewer: Pick<Viewer, 'orgId' | 'actor'>,
  subject: AuditSubject,
  records: readonly (AuditRecord | null)[],
  options: AuditOptions = {},
): Step {
  const actor = viewer.actor ?? null;
  return auditEntryStep(viewer.orgId, {
    entryId: randomUUID(),
    at: new Date().toISOString(),
    by: actor && { userId: actor.userId, email: actor.email },
    operation: actor?.operation ?? 'system',
    subject,
    records: records.filter((r): r is AuditRecord => r !== null),
    changeRequestId: options.changeRequestId ?? null,
    requestId: actor?.requestId ?? null,
  });
}
