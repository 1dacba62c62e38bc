/**
 * THE visibility rule: what one viewer may see of a family and its members. Every read that
 * answers member data (family list and grid, family and member pages, dashboard, groups, the
 * printed book, and any later map, export or search) passes its records through here before they
 * leave the server, so hidden data never reaches a browser or a file.
 *
 *  - Administrators see everything.
 *  - A family sees everything of its own (its members are the family's users).
 *  - Anyone else sees a field whose level is `everyone`; a `groups` field only when they share a
 *    group with the person (for a family's fields: with one of its members); an `admins` field never.
 *  - A family left out of the directory is seen only by administrators and by itself.
 *
 * A field's level is the family's or member's own choice, else the church's default, else
 * `everyone` (what the directory always did).
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
} from '../contract/privacy';
import type { ChurchPrivacy, Family, Member, Role } from './entities';

/** Who shares a group with the viewer: members by id, and the families those members belong to. */
export interface Fellows {
  members: ReadonlySet<string>;
  families: ReadonlySet<string>;
}

/** Who is looking. */
export interface Audience {
  admin: boolean;
  /** The viewer's own family, seen whole. */
  familyId: string | null;
  /** Who shares a group with the viewer; null: nobody (not read because no `groups` level applied). */
  fellows: Fellows | null;
}

const NOBODY: Fellows = { members: new Set(), families: new Set() };

/** The printed book is for the whole church: only what everyone may see, and no unlisted family. */
export const PRINT_AUDIENCE: Audience = { admin: false, familyId: null, fellows: NOBODY };

/** The viewer's fellows, from the church's roles: everyone in a group the viewer's member is in. */
export function fellowsOf(
  memberId: string | null,
  roles: readonly Pick<Role, 'groupId' | 'memberId' | 'familyId'>[],
): Fellows {
  if (!memberId) return NOBODY;
  const groups = new Set(roles.filter((r) => r.memberId === memberId).map((r) => r.groupId));
  const shared = roles.filter((r) => groups.has(r.groupId));
  return { members: new Set(shared.map((r) => r.memberId)), families: new Set(shared.map((r) => r.familyId)) };
}

export const familyLevels = (church: ChurchPrivacy, family: Pick<Family, 'privacy'>): Levels<FamilyShared> =>
  Object.fromEntries(
    FAMILY_SHARED_KEYS.map((k) => [k, family.privacy?.[k] ?? church.levels[k] ?? 'everyone']),
  ) as Levels<FamilyShared>;

export const memberLevels = (church: ChurchPrivacy, member: Pick<Member, 'privacy'>): Levels<MemberShared> =>
  Object.fromEntries(
    MEMBER_SHARED_KEYS.map((k) => [k, member.privacy?.[k] ?? church.levels[k] ?? 'everyone']),
  ) as Levels<MemberShared>;

/** Sees the family at all (it may be left out of the directory). */
export const seesFamily = (audience: Audience, church: ChurchPrivacy, familyId: string) =>
  audience.admin || audience.familyId === familyId || !church.unlisted.has(familyId);

/** Sees a field of this level about this family (and member, for a member's own field). */
function sees(audience: Audience, level: Level, familyId: string, memberId?: string): boolean {
  if (audience.admin || audience.familyId === familyId || level === 'everyone') return true;
  if (level === 'admins') return false;
  const fellows = audience.fellows ?? NOBODY;
  return memberId === undefined ? fellows.families.has(familyId) : fellows.members.has(memberId);
}

/** True when what this viewer sees of these records depends on who shares a group with them. */
export function needsFellows(
  audience: Audience,
  church: ChurchPrivacy,
  families: readonly Pick<Family, 'familyId' | 'privacy'>[],
  members: readonly Pick<Member, 'familyId' | 'privacy'>[],
): boolean {
  if (audience.admin) return false;
  const others = <T extends { familyId: string }>(list: readonly T[]) =>
    list.filter((r) => r.familyId !== audience.familyId);
  return (
    others(families).some((f) => Object.values(familyLevels(church, f)).includes('groups')) ||
    others(members).some((m) => Object.values(memberLevels(church, m)).includes('groups'))
  );
}

/** The family as this viewer may see it: every field covered by a hidden level is null. */
export function visibleFamily<F extends Family>(audience: Audience, church: ChurchPrivacy, family: F): F {
  const levels = familyLevels(church, family);
  const shown = { ...family };
  for (const k of FAMILY_SHARED_KEYS)
    if (!sees(audience, levels[k], family.familyId))
      for (const field of FAMILY_SHARED[k].covers) (shown as Record<string, unknown>)[field] = null;
  return shown;
}

/** The member as this viewer may see it. */
export function visibleMember<M extends Member>(audience: Audience, church: ChurchPrivacy, member: M): M {
  const levels = memberLevels(church, member);
  const shown = { ...member };
  for (const k of MEMBER_SHARED_KEYS)
    if (!sees(audience, levels[k], member.familyId, member.memberId))
      for (const field of MEMBER_SHARED[k].covers) (shown as Record<string, unknown>)[field] = null;
  return shown;
}

/** Whether the viewer is told the privacy settings themselves: administrators and the family. */
export const seesSettings = (audience: Audience, familyId: string) => audience.admin || audience.familyId === familyId;
