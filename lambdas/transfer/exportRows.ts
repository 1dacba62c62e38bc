/**
 * The church as the rows of its file (contract/transfer.ts COLUMNS): one row per member with its
 * family's columns, a family without members as one row, and a group without members as a row
 * of its name alone, so the file holds every family, member and group. Values pass the one
 * visibility rule (privacy/visibility.ts) for the church's administrators, the only ones who
 * export; the privacy cells are each family's and member's own choices (empty: the church's
 * default). In the directory's order (surname, then id), each family's members in key order,
 * each member's groups by name: the same church always gives the same file.
 */
import { COLUMNS, LEVEL_WORDS, LISTED_WORDS, MAP_LOCATION_WORDS, type Column } from '../contract/transfer';
import { sortKeyOf } from '../contract/names';
import type { ExportCounts } from '../contract/exports';
import type { ChurchPrivacy, Family, Group, Member, Role } from '../core/entities';
import { ADMIN_AUDIENCE, visibleFamily, visibleMember } from '../privacy/visibility';

export interface ChurchToExport {
  families: readonly { family: Family; members: readonly Member[] }[];
  groups: readonly { group: Group; roles: readonly Role[] }[];
  church: ChurchPrivacy;
}

type Cells = string[];

/** What `localeCompare` without arguments compares by, made once instead of once a call. */
const compareKeys = new Intl.Collator().compare;

/**
 * Sorted by name's sort key, then by id. Each key is folded once, not in every comparison: a
 * church's 20,000 surnames are some 300,000 comparisons.
 */
function byName<T>(list: readonly T[], name: (t: T) => string, id: (t: T) => string): T[] {
  const keyed = list.map((item) => ({ item, key: sortKeyOf(name(item)), id: id(item) }));
  keyed.sort((a, b) => compareKeys(a.key, b.key) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return keyed.map((k) => k.item);
}

/** Each member's groups, by group name: names and role labels, one per line. */
function groupsByMember(groups: ChurchToExport['groups']) {
  const of = new Map<string, { name: string; label: string; groupId: string }[]>();
  for (const { group, roles } of groups)
    for (const role of roles) {
      const list = of.get(role.memberId) ?? of.set(role.memberId, []).get(role.memberId)!;
      list.push({ name: group.groupName, label: role.label ?? '', groupId: group.groupId });
    }
  for (const [memberId, list] of of)
    of.set(
      memberId,
      byName(
        list,
        (g) => g.name,
        (g) => g.groupId,
      ),
    );
  return of;
}

function cell(column: Column, family: Family | null, member: Member | null, listed: boolean, groups: string[][]) {
  switch (column.holds) {
    case 'familyId':
      return family?.familyId ?? '';
    case 'family':
      return family?.[column.field] ?? '';
    case 'listed':
      return family ? (listed ? LISTED_WORDS.yes : LISTED_WORDS.no) : '';
    case 'approximate':
      return family ? MAP_LOCATION_WORDS[family.approximateLocation ? 'approximate' : 'exact'] : '';
    case 'familyLevel': {
      const level = family?.privacy?.[column.shared];
      return level ? LEVEL_WORDS[level] : '';
    }
    case 'memberId':
      return member?.memberId ?? '';
    case 'member':
      return member?.[column.field] ?? '';
    case 'memberLevel': {
      const level = member?.privacy?.[column.shared];
      return level ? LEVEL_WORDS[level] : '';
    }
    case 'groups':
      return groups.map(([name]) => name).join('\n');
    case 'groupRoles':
      return groups.some(([, label]) => label) ? groups.map(([, label]) => label).join('\n') : '';
  }
}

/** The file's rows after its header, and what they hold. */
export function exportRows(church: ChurchToExport): { rows: Cells[]; counts: ExportCounts } {
  const memberGroups = groupsByMember(church.groups);
  const rows: Cells[] = [];
  const row = (family: Family | null, member: Member | null, groups: string[][]) => {
    const listed = family ? !church.church.unlisted.has(family.familyId) : true;
    rows.push(COLUMNS.map((c) => cell(c, family, member, listed, groups)));
  };
  let members = 0;
  const families = byName(
    church.families,
    (f) => f.family.surname,
    (f) => f.family.familyId,
  );
  for (const entry of families) {
    const family = visibleFamily(ADMIN_AUDIENCE, church.church, entry.family);
    if (!entry.members.length) row(family, null, []);
    for (const each of entry.members) {
      members++;
      const groups = (memberGroups.get(each.memberId) ?? []).map((g) => [g.name, g.label]);
      row(family, visibleMember(ADMIN_AUDIENCE, church.church, each), groups);
    }
  }
  const empty = church.groups.filter((g) => !g.roles.length).map((g) => g.group);
  for (const group of byName(
    empty,
    (g) => g.groupName,
    (g) => g.groupId,
  ))
    row(null, null, [[group.groupName, '']]);
  return {
    rows,
    counts: { rows: rows.length, families: families.length, members, groups: church.groups.length },
  };
}
