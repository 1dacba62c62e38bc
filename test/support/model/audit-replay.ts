/**
 * The audit trail replays to the church as it is: its entries applied in order (each record's
 * fields set when added or changed, gone when removed) give exactly the families, members, groups
 * and roles the table holds, field for field. A write that skipped its entry, or wrote one that
 * says other than it did, fails here.
 */
import { expect } from 'vitest';
import type { AuditEntry, AuditRecord } from '../../../lambdas/contract/audit';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../../../lambdas/contract/directory';
import { keysOf } from '../../../lambdas/contract/entity';
import { ItemType } from '../../../lambdas/core/repos/table';

type Item = Record<string, unknown>;

/** Per record kind, the item type it replays to, its id and the fields its entries carry. */
const REPLAYED = {
  family: { type: ItemType.family, id: (i: Item) => String(i.familyId), fields: keysOf(FAMILY_FIELDS) },
  member: {
    type: ItemType.member,
    id: (i: Item) => String(i.memberId),
    fields: [...keysOf(MEMBER_FIELDS), 'pendingEmail'],
  },
  group: { type: ItemType.group, id: (i: Item) => String(i.groupId), fields: ['groupName'] },
  role: {
    type: ItemType.role,
    id: (i: Item) => `${String(i.groupId)}:${String(i.memberId)}`,
    fields: ['memberId', 'groupId', 'label'],
  },
} as const;

type Replayed = keyof typeof REPLAYED;
const replayed = (kind: AuditRecord['kind']): kind is Replayed => kind in REPLAYED;

const valuesOf = (item: Item, fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, item[f] ?? null]));

export function expectAuditReplays(items: readonly Item[]): void {
  const entries = items
    .filter((i) => i.type === ItemType.audit)
    .sort((a, b) => String(a.SK).localeCompare(String(b.SK))) as unknown as AuditEntry[];
  const state: Record<Replayed, Map<string, Record<string, unknown>>> = {
    family: new Map(),
    member: new Map(),
    group: new Map(),
    role: new Map(),
  };
  for (const entry of entries)
    for (const record of entry.records) {
      if (!replayed(record.kind)) continue;
      const records = state[record.kind];
      if (record.action === 'removed') {
        records.delete(record.id);
        continue;
      }
      const fields = REPLAYED[record.kind].fields;
      const now = records.get(record.id) ?? Object.fromEntries(fields.map((f) => [f, null]));
      for (const change of record.changes) now[change.field] = change.new;
      records.set(record.id, now);
    }
  for (const kind of Object.keys(REPLAYED) as Replayed[]) {
    const { type, id, fields } = REPLAYED[kind];
    const stored = new Map(items.filter((i) => i.type === type).map((i) => [id(i), valuesOf(i, fields)]));
    expect(Object.fromEntries(state[kind]), `the audit trail's ${kind} records`).toEqual(Object.fromEntries(stored));
  }
}
