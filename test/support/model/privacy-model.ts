/**
 * The model's privacy: the church's default levels, the choices of each family and member, and
 * the families left out of the directory; and the rule stated again, small and on the model's own
 * data (its groups, not the stored roles), so the test does not check the product's rule with
 * itself.
 */
import {
  FAMILY_SHARED_KEYS,
  MEMBER_SHARED_KEYS,
  SHARED_KEYS,
  type Choices,
  type FamilyShared,
  type Level,
  type Levels,
  type MemberShared,
} from '../../../lambdas/contract/privacy';
import type { ChurchModel } from './church';

export interface PrivacyModel {
  /** Whether the church has its privacy item yet: the first privacy change writes it. */
  stored: boolean;
  defaults: Levels;
  /**
   * Choices by family and member id. A deleted record's entry is never read again (ids are not
   * reused), so deletes leave these alone, as they leave the church's unlisted set alone.
   */
  families: Map<string, Choices<FamilyShared>>;
  members: Map<string, Choices<MemberShared>>;
  unlisted: Set<string>;
}

/** A church that never chose shares everything with everyone, as the directory always did. */
export const openPrivacy = (): PrivacyModel => ({
  stored: false,
  defaults: Object.fromEntries(SHARED_KEYS.map((k) => [k, 'everyone'])) as Levels,
  families: new Map(),
  members: new Map(),
  unlisted: new Set(),
});

/** Who is looking, as the model knows them. */
export interface Looker {
  admin: boolean;
  familyId: string | null;
  memberId: string | null;
}

/** The level of each of a family's (or member's) fields: its own choice, else the church's default. */
export const levelsOf = <K extends FamilyShared | MemberShared>(
  keys: readonly K[],
  choices: Choices<K> | undefined,
  defaults: Levels,
): Levels<K> => Object.fromEntries(keys.map((k) => [k, choices?.[k] ?? defaults[k]])) as Levels<K>;

export const familyLevelsIn = (m: ChurchModel, familyId: string) =>
  levelsOf(FAMILY_SHARED_KEYS, m.privacy.families.get(familyId), m.privacy.defaults);
export const memberLevelsIn = (m: ChurchModel, memberId: string) =>
  levelsOf(MEMBER_SHARED_KEYS, m.privacy.members.get(memberId), m.privacy.defaults);

/** What one looker may see in the model's church. */
export function ruleFor(m: ChurchModel, looker: Looker) {
  const groups = [...m.groups.values()].filter((g) => looker.memberId !== null && g.roles.has(looker.memberId));
  const groupmates = new Set(groups.flatMap((g) => [...g.roles.keys()]));
  /** Administrators, and the family itself, see all of it. */
  const whole = (familyId: string) => looker.admin || looker.familyId === familyId;
  const reaches = (level: Level, familyId: string, people: string[]) =>
    whole(familyId) || level === 'everyone' || (level === 'groups' && people.some((id) => groupmates.has(id)));
  return {
    whole,
    seesFamily: (familyId: string) => whole(familyId) || !m.privacy.unlisted.has(familyId),
    /** A family's field is for its groups when the looker shares a group with any of its members. */
    seesFamilyField: (familyId: string, k: FamilyShared) =>
      reaches(
        familyLevelsIn(m, familyId)[k],
        familyId,
        [...m.members.values()].filter((x) => x.familyId === familyId).map((x) => x.memberId),
      ),
    seesMemberField: (familyId: string, memberId: string, k: MemberShared) =>
      reaches(memberLevelsIn(m, memberId)[k], familyId, [memberId]),
  };
}
export type Rule = ReturnType<typeof ruleFor>;
