/**
 * What an import would do to the church (issue 31, parts 2 and 3): the dry run shows it, and the
 * job, once confirmed, does exactly it. Pure: the church as read and the file as parsed in, the
 * decisions out.
 *
 * A family of the file is the church's family with its id (this product's own file, or the same
 * file of another product imported before: the parser makes their ids stable), else the family of
 * a member with one of its addresses, else the family with its surname, street and zip code; a
 * member is its family's member with its id, its address, or its first name. What matches and
 * holds the same values is left alone ("unchanged"), so the same file imported twice creates
 * nothing the second time. What matches and differs is updated; the rest is created, with ids
 * derived from the import and the line, so a task that runs again writes the same records.
 *
 * An address that a member of another family of the church already has, or an earlier line of the
 * file, is left out of the member (the church keeps one member per address) and said so; a church
 * that would pass its size limits is refused with the forms' message.
 */
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../contract/directory';
import { keysOf, textKeys } from '../contract/entity';
import type { Choices, FamilyShared, MemberShared } from '../contract/privacy';
import type { ImportFamily, ImportMember, ImportReading } from '../contract/imports';
import type { ImportCheck } from '../contract/importJobs';
import { CHURCH_LIMITS, churchLimitMessage, type Counts } from '../core/churchLimits';
import type { ChurchPrivacy, Family, Group, Member, Organization, Role } from '../core/entities';
import { newRecordId } from '../core/once';
import { sortKeyOf } from '../contract/names';
import { newFamily, newMember, newRole } from '../directory/newRecords';
import type { FamilyToCreate } from '../directory/familyCreation';

const FAMILY_TEXT = textKeys(FAMILY_FIELDS);
const MEMBER_TEXT = keysOf(MEMBER_FIELDS);

type FamilyValues = ImportFamily['fields'];
type MemberValues = ImportMember['fields'];

export interface ChurchAsRead {
  org: Pick<Organization, 'familyCount' | 'memberCount' | 'groupCount'>;
  families: readonly { family: Family; members: readonly Member[] }[];
  groups: readonly { group: Group; roles: readonly Role[] }[];
  church: ChurchPrivacy;
}

/** A change to a family the church has: its new values, its members' changes, their new roles. */
export interface FamilyUpdate {
  familyId: string;
  line: number;
  /** The family's values when they differ (null: unchanged). */
  family: { fields: FamilyValues; version: number } | null;
  privacy: {
    listed: boolean;
    /** Shown on the member map near its address (absent in a plan made before the file carried it). */
    approximate?: boolean;
    family: Choices<FamilyShared>;
    members: Record<string, Choices<MemberShared>>;
  } | null;
  /** New members, each with its line (its id derived from the import and the line, as addMember derives it). */
  added: { line: number; member: Member }[];
  changed: { memberId: string; fields: MemberValues; version: number }[];
  roles: Role[];
  /** The family as it was, which an undo puts back. */
  before: {
    fields: FamilyValues;
    listed: boolean;
    approximate?: boolean;
    privacy: Choices<FamilyShared>;
    members: { memberId: string; fields: MemberValues; privacy: Choices<MemberShared> }[];
  };
}

export type ImportCounts = ImportCheck['counts'];

/** Nothing to do yet. */
export const noCounts = (): ImportCounts => ({
  families: { created: 0, updated: 0, unchanged: 0 },
  members: { created: 0, updated: 0, unchanged: 0 },
  groups: { created: 0 },
  roles: { added: 0 },
});

/** A new family, with the line of the file it comes from. */
export type FamilyCreation = FamilyToCreate & { line: number };

export interface ImportPlan {
  groups: Group[];
  create: FamilyCreation[];
  update: FamilyUpdate[];
  counts: ImportCounts;
  /** Said of lines imported all the same (an address left out). */
  notes: { line: number; message: string }[];
  /** The church would pass a size limit: nothing is written. */
  refusal: string | null;
}

/** The request key a group of this import is added with (addGroup derives its id from it): one group per name. */
export const groupKey = (importId: string, groupName: string) => `${importId}#group#${sortKeyOf(groupName)}`;

/** The request key a member of this import is added with (its id derives from it, as once.ts derives ids). */
export const memberKey = (importId: string, line: number) => `${importId}#${line}`;

const sameText = (a: string | null | undefined, b: string | null | undefined) => (a ?? '') === (b ?? '');
const sameValues = <K extends string>(keys: readonly K[], a: Partial<Record<K, unknown>>, b: Record<K, unknown>) =>
  keys.every((k) => sameText(a[k] as string | null | undefined, b[k] as string | null));
/**
 * Which of a family's choices the file has columns for. Another program's file has none of them:
 * importing it changes no family's listing, map location or privacy levels (an empty cell of a
 * column the file has still means the default, as in our own export).
 */
function fileSays(mapping: ImportReading['mapping']) {
  const targets = mapping.map((m) => m.target);
  return {
    listed: targets.includes('listed'),
    approximate: targets.includes('approximate'),
    familyLevels: targets.some((t) => t.startsWith('familyLevel.')),
    memberLevels: targets.some((t) => t.startsWith('memberLevel.')),
  };
}

const sameChoices = (a: Record<string, unknown> | undefined, b: Record<string, unknown>) =>
  JSON.stringify(Object.entries(a ?? {}).sort()) === JSON.stringify(Object.entries(b).sort());

/** A record's values of these fields, a missing one as null. */
const pick = <K extends string>(keys: readonly K[], from: Partial<Record<K, unknown>>) =>
  Object.fromEntries(keys.map((k) => [k, from[k] ?? null]));

const placeOf = (f: { surname: string; street?: string | null; zipcode?: string | null }) =>
  `${sortKeyOf(f.surname)}|${sortKeyOf(f.street ?? '')}|${(f.zipcode ?? '').slice(0, 5)}`;

/** `file`: the families read from the file, and every group it names (those without members too). */
export function planImport(
  importId: string,
  orgId: string,
  file: Pick<ImportReading, 'mapping'> & { families: readonly ImportFamily[]; groups: readonly string[] },
  now: ChurchAsRead,
) {
  const says = fileSays(file.mapping);
  const at = new Date().toISOString();
  const notes: ImportPlan['notes'] = [];
  const byId = new Map(now.families.map((f) => [f.family.familyId, f]));
  const byPlace = new Map(now.families.map((f) => [placeOf(f.family), f]));
  const byEmail = new Map<string, { family: Family; member: Member }>();
  for (const f of now.families)
    for (const m of f.members) if (m.email) byEmail.set(m.email, { family: f.family, member: m });
  const groupsByName = new Map(now.groups.map((g) => [sortKeyOf(g.group.groupName), g]));
  const newGroups = new Map<string, Group>();
  const rolesOf = new Map<string, Set<string>>();
  for (const g of now.groups)
    for (const r of g.roles)
      (rolesOf.get(r.memberId) ?? rolesOf.set(r.memberId, new Set()).get(r.memberId)!).add(r.groupId);
  /** Addresses the file gives, by the line that gave them first. */
  const emailsTaken = new Map<string, number>();

  const groupFor = (groupName: string): Group => {
    const key = sortKeyOf(groupName);
    const found = groupsByName.get(key)?.group ?? newGroups.get(key);
    if (found) return found;
    const group: Group = {
      groupId: newRecordId(orgId, 'group', groupKey(importId, groupName)),
      orgId,
      groupName,
      createdAt: at,
    };
    newGroups.set(key, group);
    return group;
  };

  /** The member's address, unless a member of another family of the church or an earlier line has it. */
  const addressFor = (m: ImportMember, familyId: string | null): string | null => {
    const email = m.fields.email;
    if (!email) return null;
    const holder = byEmail.get(email);
    const earlier = emailsTaken.get(email);
    if (holder && holder.family.familyId !== familyId) {
      notes.push({
        line: m.line,
        message: `line ${m.line}: ${email} is already the address of ${holder.member.name} ${holder.family.surname}: imported without it.`,
      });
      return null;
    }
    if (earlier !== undefined) {
      notes.push({
        line: m.line,
        message: `line ${m.line}: ${email} is also on line ${earlier}: imported without it.`,
      });
      return null;
    }
    emailsTaken.set(email, m.line);
    return email;
  };

  const rolesFor = (m: ImportMember, member: Member): Role[] =>
    m.groups
      .map((g) => ({ group: groupFor(g.groupName), label: g.label }))
      .filter(({ group }) => !rolesOf.get(member.memberId)?.has(group.groupId))
      .map(({ group, label }) => newRole(member, group, label, at));

  /** The file's member as a new member of the family: its id from the file or derived, its address unless taken. */
  const memberOf = (m: ImportMember, familyId: string, surname: string): Member =>
    newMember(
      {
        memberId: m.id ?? newRecordId(orgId, 'member', memberKey(importId, m.line)),
        familyId,
        orgId,
        ...m.fields,
        email: addressFor(m, familyId),
        surname,
        ...(Object.keys(m.privacy).length ? { privacy: m.privacy } : {}),
      },
      at,
    );

  const counts = noCounts();
  const create: FamilyCreation[] = [];
  const update: FamilyUpdate[] = [];

  for (const f of file.families) {
    const byAddress = f.members.map((m) => (m.fields.email ? byEmail.get(m.fields.email) : undefined)).find(Boolean);
    const match =
      (f.id ? byId.get(f.id) : undefined) ??
      (byAddress ? byId.get(byAddress.family.familyId) : undefined) ??
      byPlace.get(placeOf(f.fields));
    if (!match) {
      const familyId = f.id ?? newRecordId(orgId, 'family', `${importId}#${f.line}`);
      const family = newFamily(
        {
          familyId,
          orgId,
          ...f.fields,
          photo: null,
          ...(Object.keys(f.privacy).length ? { privacy: f.privacy } : {}),
          ...(f.approximate ? { approximateLocation: true } : {}),
        },
        at,
      );
      const members = f.members.map((m) => memberOf(m, familyId, f.fields.surname));
      const roles = f.members.flatMap((m, i) => rolesFor(m, members[i]!));
      create.push({ line: f.line, family, members, roles, listed: f.listed });
      counts.families.created++;
      counts.members.created += members.length;
      counts.roles.added += roles.length;
      continue;
    }
    const { family } = match;
    const changedFamily = !sameValues(FAMILY_TEXT, family, f.fields);
    const added: FamilyUpdate['added'] = [];
    const changed: FamilyUpdate['changed'] = [];
    const roles: Role[] = [];
    const memberChoices: Record<string, Choices<MemberShared>> = {};
    const wasListed = !now.church.unlisted.has(family.familyId);
    const approximate = family.approximateLocation ?? false;
    // What the file has no column for stays as the family chose it.
    const chosen = {
      listed: says.listed ? f.listed : wasListed,
      approximate: says.approximate ? f.approximate : approximate,
      family: says.familyLevels ? f.privacy : (family.privacy ?? {}),
    };
    let choicesDiffer =
      !sameChoices(family.privacy, chosen.family) || wasListed !== chosen.listed || approximate !== chosen.approximate;
    for (const m of f.members) {
      const existing =
        match.members.find((e) => m.id && e.memberId === m.id) ??
        match.members.find((e) => m.fields.email && e.email === m.fields.email) ??
        match.members.find((e) => sortKeyOf(e.name) === sortKeyOf(m.fields.name));
      if (!existing) {
        // Added by addMember, whose id comes from its request key: the import's and the line.
        const member = memberOf({ ...m, id: null }, family.familyId, f.fields.surname);
        added.push({ line: m.line, member });
        roles.push(...rolesFor(m, member));
        counts.members.created++;
        continue;
      }
      // The file's address, unless another member has it (then the member keeps its own).
      const kept = m.fields.email === existing.email;
      if (kept && m.fields.email) emailsTaken.set(m.fields.email, m.line);
      const email = kept
        ? (existing.email ?? null)
        : (addressFor(m, family.familyId) ?? (m.fields.email ? (existing.email ?? null) : null));
      const fields = { ...m.fields, email };
      if (sameValues(MEMBER_TEXT, existing, fields)) counts.members.unchanged++;
      else {
        changed.push({ memberId: existing.memberId, fields, version: existing.version });
        counts.members.updated++;
      }
      memberChoices[existing.memberId] = says.memberLevels ? m.privacy : (existing.privacy ?? {});
      if (!sameChoices(existing.privacy, memberChoices[existing.memberId]!)) choicesDiffer = true;
      roles.push(...rolesFor(m, { ...existing, surname: f.fields.surname }));
    }
    const privacy = choicesDiffer ? { ...chosen, members: memberChoices } : null;
    if (!changedFamily && !added.length && !changed.length && !roles.length && !privacy) {
      counts.families.unchanged++;
      continue;
    }
    update.push({
      familyId: family.familyId,
      line: f.line,
      family: changedFamily ? { fields: f.fields, version: family.version } : null,
      privacy,
      added,
      changed,
      roles,
      before: {
        fields: pick(FAMILY_TEXT, family) as FamilyValues,
        listed: wasListed,
        approximate,
        privacy: family.privacy ?? {},
        members: match.members.map((e) => ({
          memberId: e.memberId,
          fields: pick(MEMBER_TEXT, e) as MemberValues,
          privacy: e.privacy ?? {},
        })),
      },
    });
    counts.families.updated++;
    counts.roles.added += roles.length;
  }
  for (const name of file.groups) groupFor(name);
  counts.groups.created = newGroups.size;
  const growth: Required<Counts> = {
    familyCount: counts.families.created,
    memberCount: counts.members.created,
    groupCount: counts.groups.created,
  };
  const full = (Object.keys(growth) as (keyof Counts)[]).find(
    (name) => growth[name] > 0 && (now.org[name] ?? 0) + growth[name] > CHURCH_LIMITS[name],
  );
  return {
    groups: [...newGroups.values()],
    create,
    update,
    counts,
    notes,
    refusal: full ? churchLimitMessage(full) : null,
  } satisfies ImportPlan;
}
