/**
 * The audit trail: every change to the church's records, written in the same transaction as the
 * change (lambdas/audit/trail.ts), kept for a year, read by administrators only, never written
 * through the API. What the page's filters accept and what a page of it answers.
 * No AWS imports: bundled into the browser.
 */
import * as z from 'zod/mini';
import { Id } from './directory';

/** What an entry is about: a family (with its members), a group (with its roles), an account, or the church itself. */
export const SUBJECT_KINDS = ['family', 'group', 'account', 'church'] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

/** The records a change touches. */
export type AuditRecordKind =
  | 'family'
  | 'member'
  | 'group'
  | 'role'
  | 'account'
  | 'privacy'
  | 'settings'
  | 'import'
  | 'export'
  | 'request'
  | 'study';

/** A value as it was or became: a field's text, a level, a choice of several, a flag; null for none. */
export type AuditValue = string | number | boolean | null | readonly string[] | Readonly<Record<string, unknown>>;

export interface AuditChange {
  field: string;
  old: AuditValue;
  new: AuditValue;
}

/** One record's part in a change: added (every field's new value), changed (what moved), removed (every old value). */
export interface AuditRecord {
  kind: AuditRecordKind;
  id: string;
  /** What a person calls it: "Okafor family", "Grace Okafor", "Choir". */
  name: string;
  action: 'added' | 'changed' | 'removed';
  changes: AuditChange[];
  /** The record's version once written (families and members carry one): what an undo checks against. */
  version?: number;
}

export interface AuditSubject {
  kind: SubjectKind;
  id: string;
  name: string;
}

export interface AuditEntry {
  entryId: string;
  at: string;
  /** Who made the change: the account; null for the system's own work (a migration). */
  by: { userId: string; email: string } | null;
  /** Through which operation: updateFamily, approveChange, an import's task, ... */
  operation: string;
  subject: AuditSubject;
  records: AuditRecord[];
  /** The member's change request this applied or decided, if any. */
  changeRequestId: string | null;
  /** API Gateway's id of the request that made it (its access log line carries the same). */
  requestId: string | null;
}

export interface ListAuditResult {
  success: true;
  /** Newest first. */
  entries: AuditEntry[];
  /** The place after the last entry shown: give it as `after` for the next page. */
  next: string | null;
}

/** Entries a page holds. */
export const AUDIT_PAGE = 50;

/** How long an entry is kept: DynamoDB removes it after (TTL). */
export const AUDIT_KEPT_DAYS = 365;

export const AUDIT_MESSAGES = {
  subject: 'Please choose a family, group or account whose history to show.',
  date: 'Please enter dates as YYYY-MM-DD.',
  range: 'The start date must not be after the end date.',
  pointer: 'That page of the history is no longer valid. Please start from the first page.',
  entry: 'That change is not in the history.',
  restored: (name: string) => `${name} is restored as it was before that change.`,
  newer:
    'This record changed after that change, so restoring it would lose the newer changes. Restore the newest change first.',
  notRestorable: "Only a change to a family's or a member's details can be restored.",
} as const;

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const day = z.optional(z.string({ error: AUDIT_MESSAGES.date }).check(z.regex(DAY, AUDIT_MESSAGES.date)));

/** `family:<id>`, `group:<id>`, `account:<id>` or `church`. */
const SUBJECT = /^(?:(family|group|account):([A-Za-z0-9_-]{1,64})|church)$/;

/** The history's filters: one record (a family with its members, a group, an account, the church), one person, a span of days. */
export const ListAuditQuery = z
  .object({
    subject: z.optional(z.string({ error: AUDIT_MESSAGES.subject }).check(z.regex(SUBJECT, AUDIT_MESSAGES.subject))),
    by: z.optional(Id),
    from: day,
    to: day,
    after: z.optional(z.string({ error: AUDIT_MESSAGES.pointer }).check(z.maxLength(200, AUDIT_MESSAGES.pointer))),
  })
  .check(z.refine((q) => !q.from || !q.to || q.from <= q.to, AUDIT_MESSAGES.range));
export type ListAuditQuery = z.output<typeof ListAuditQuery>;

/** Restoring a family or a member as it was before one change of its history. */
export const RestoreInput = z.object({
  entryId: z.string({ error: AUDIT_MESSAGES.entry }).check(z.regex(/^[0-9a-f-]{36}$/, AUDIT_MESSAGES.entry)),
  at: z
    .string({ error: AUDIT_MESSAGES.entry })
    .check(z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, AUDIT_MESSAGES.entry)),
  recordId: Id,
});
export type RestoreInput = z.output<typeof RestoreInput>;

export interface RestoreResult {
  success: true;
  message: string;
}

/** A subject as the query names it. */
export const subjectParam = (kind: SubjectKind, id: string) => (kind === 'church' ? 'church' : `${kind}:${id}`);

/** The query's subject, split. */
export function parseSubject(param: string): { kind: SubjectKind; id: string | null } {
  const [, kind, id] = SUBJECT.exec(param) ?? [];
  return kind ? { kind: kind as SubjectKind, id: id! } : { kind: 'church', id: null };
}
