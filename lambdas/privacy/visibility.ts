/**
 * THE visibility rule: what one viewer may see of a family and its members. Every read that
 * answers member data (family list and grid, family and member pages, dashboard, groups, the
 * printed book, the member map, and any later export or search) passes its records through here before they
 * leave the server, so hidden data never reaches a browser or a file.
 *
 *  - Administrators see everything.
 *  - A family sees everything of its own (its members are the family's users).
 *  - Anyone else sees a field whose level is `everyone`; a `groups` field only when they share a
 *    group with the person (for a family's fields: with one of its members); an `admins` field never.
 *  - A family left out of the directory is seen only by administrators and by itself.
 *
 * A field's level is the family's or member's own choice, else the church's default, else
 * `everyone` (what the directory always did). Who is in which group is read from the records
 * themselves (their group marks, groups/repos/groupMarks.ts), so no read needs the roles to apply it.
 */
import {
  FAMILY_SHARED,
  FAMILY_SHARED_KEYS,
  MEMBER_SHARED,
  MEMBER_SHARED_KEYS,
  type FamilyShared,
  type Level,
  type Levels,
  type MemberShared,
  type Shared,
} from '../contract/privacy';
import type { ChurchPrivacy, Family, Member } from '../core/entities';
import { familyGroupIds, memberGroupIds } from '../groups/repos/groupMarks';

/** Who is looking. */
export interface Audience {
  admin: boolean;
  /** The viewer's own family, seen whole. */
  familyId: string | null;
  /** The groups the viewer's member is in: whoever is in one of them shares a group with the viewer. */
  groups: ReadonlySet<string>;
}

/** The printed book is for the whole church: only what everyone may see, and no unlisted family. */
export const PRINT_AUDIENCE: Audience = { admin: false, familyId: null, groups: new Set() };

/** The church's administrators, whom a job serves when only they may start it (the export of the directory). */
export const ADMIN_AUDIENCE: Audience = { admin: true, familyId: null, groups: new Set() };

const sharesGroup = (audience: Audience, groupIds: ReadonlySet<string>) =>
  [...groupIds].some((g) => audience.groups.has(g));

/** The level of one detail: the family's (or member's) own choice, unless the church fixed it for every family; else the church's. */
const levelOf = <K extends Shared>(church: ChurchPrivacy, choices: Partial<Record<K, Level>> | undefined, key: K) =>
  (church.rules.fixed.includes(key) ? undefined : choices?.[key]) ?? church.levels[key] ?? 'everyone';

export const familyLevels = (church: ChurchPrivacy, family: Pick<Family, 'privacy'>): Levels<FamilyShared> =>
  Object.fromEntries(FAMILY_SHARED_KEYS.map((k) => [k, levelOf(church, family.privacy, k)])) as Levels<FamilyShared>;

export const memberLevels = (church: ChurchPrivacy, member: Pick<Member, 'privacy'>): Levels<MemberShared> =>
  Object.fromEntries(MEMBER_SHARED_KEYS.map((k) => [k, levelOf(church, member.privacy, k)])) as Levels<MemberShared>;

/** Sees the family at all (it may be left out of the directory). */
export const seesFamily = (audience: Audience, church: ChurchPrivacy, familyId: string) =>
  audience.admin || audience.familyId === familyId || !church.unlisted.has(familyId);

/** Sees a field of this level about this family (`groupIds`: of its members) or member (of the member). */
function sees(audience: Audience, level: Level, familyId: string, groupIds: () => ReadonlySet<string>): boolean {
  if (audience.admin || audience.familyId === familyId || level === 'everyone') return true;
  return level === 'groups' && sharesGroup(audience, groupIds());
}

/** Sees the family and one of its shared details (the member map: its street address, which places it). */
export const seesFamilyDetail = (audience: Audience, church: ChurchPrivacy, family: Family, key: FamilyShared) =>
  seesFamily(audience, church, family.familyId) &&
  sees(audience, familyLevels(church, family)[key], family.familyId, () => familyGroupIds(family));

/** The family as this viewer may see it: every field covered by a hidden level is null. */
export function visibleFamily<F extends Family>(audience: Audience, church: ChurchPrivacy, family: F): F {
  const levels = familyLevels(church, family);
  const shown = { ...family };
  for (const k of FAMILY_SHARED_KEYS)
    if (!sees(audience, levels[k], family.familyId, () => familyGroupIds(family)))
      for (const field of FAMILY_SHARED[k].covers) (shown as Record<string, unknown>)[field] = null;
  return shown;
}

/** The member as this viewer may see it. */
export function visibleMember<M extends Member>(audience: Audience, church: ChurchPrivacy, member: M): M {
  const levels = memberLevels(church, member);
  const shown = { ...member };
  for (const k of MEMBER_SHARED_KEYS)
    if (!sees(audience, levels[k], member.familyId, () => memberGroupIds(member)))
      for (const field of MEMBER_SHARED[k].covers) (shown as Record<string, unknown>)[field] = null;
  return shown;
}

/** Whether the viewer is told the privacy settings themselves: administrators and the family. */
export const seesSettings = (audience: Audience, familyId: string) => audience.admin || audience.familyId === familyId;
