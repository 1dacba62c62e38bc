/**
 * An audit entry in words, for the history page and its CSV: what was done to which record, and
 * each field by the label its form gives it, its values as people read them.
 */
import type { AuditEntry, AuditRecord, AuditValue } from '@contract/audit';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '@contract/directory';
import { FAMILY_SHARED, LEVEL_LABELS, MEMBER_SHARED, type Level } from '@contract/privacy';

const ACTIONS: Record<AuditRecord['action'], string> = { added: 'Added', changed: 'Changed', removed: 'Removed' };

/** What a record is called after the action's verb ("Changed privacy of Okafor family"). */
const KINDS: Record<AuditRecord['kind'], string> = {
  family: '',
  member: '',
  group: 'group ',
  role: '',
  account: 'account ',
  privacy: 'privacy of ',
  settings: '',
  import: '',
  export: '',
  request: 'a change request for ',
  study: 'Bible study ',
};

export const recordInWords = (r: AuditRecord) => `${ACTIONS[r.action]} ${KINDS[r.kind]}${r.name}`;

const SHARED_LABELS: Record<string, string> = Object.fromEntries(
  Object.entries({ ...FAMILY_SHARED, ...MEMBER_SHARED }).map(([k, v]) => [k, `Who sees ${v.label}`]),
);

/** Labels beyond the declared fields'. */
const OTHER_LABELS: Record<string, string> = {
  listed: 'In the directory',
  pendingEmail: 'Email Address (held)',
  groupName: 'Group Name',
  label: 'Role',
  memberId: 'Member',
  groupId: 'Group',
  admin: 'Administrator',
  status: 'Status',
  note: 'Note',
  // A Bible study, a group's leader, the church's reading site.
  title: 'Title',
  description: 'Description',
  sharing: 'Who can read it',
  groupIds: 'Groups',
  sessions: 'Sessions',
  leader: 'Leader',
  readingSite: 'Reading site',
};

/** A field by the label its form gives it (a request names its family's or member's fields). */
export function fieldLabel(kind: AuditRecord['kind'], field: string): string {
  if (kind === 'privacy') return SHARED_LABELS[field] ?? OTHER_LABELS[field] ?? field;
  const declared: Record<string, { label: string }> =
    kind === 'family' ? FAMILY_FIELDS : kind === 'member' ? MEMBER_FIELDS : {};
  const requested: Record<string, { label: string }> = kind === 'request' ? { ...FAMILY_FIELDS, ...MEMBER_FIELDS } : {};
  return declared[field]?.label ?? OTHER_LABELS[field] ?? requested[field]?.label ?? field;
}

const isLevel = (value: unknown): value is Level => typeof value === 'string' && value in LEVEL_LABELS;

export function valueInWords(kind: AuditRecord['kind'], field: string, value: AuditValue): string {
  if (value === null || value === '') return kind === 'privacy' && field !== 'listed' ? 'Church default' : '(none)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (kind === 'privacy' && isLevel(value)) return LEVEL_LABELS[value];
  if (field === 'photo') return 'a photo';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const byInWords = (entry: AuditEntry) => entry.by?.email ?? 'The system';
