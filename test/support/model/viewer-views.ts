/**
 * What one viewer should receive, built from the model and its own statement of the rule
 * (privacy-model.ts): the families and members it sees with every hidden field blank, the privacy
 * settings for administrators and the family only, the groups' roles of families it sees, each
 * month's dashboard, and the unique values (ids, e-mails, photo keys) that must appear nowhere.
 */
import type { DashboardAnniversary, DashboardBirthday } from '../../../lambdas/contract/api';
import { MM_DD } from '../../../lambdas/contract/fields';
import {
  FAMILY_SHARED_KEYS,
  MEMBER_SHARED_KEYS,
  type FamilyPrivacyView,
  type FamilyShared,
  type MemberPrivacyView,
  type MemberShared,
} from '../../../lambdas/contract/privacy';
import { membersOf, type ChurchModel } from './church';
import { byKey, expectedPicture, type FamilyPicture, type GroupPicture, type MemberPicture } from './picture';
import { familyLevelsIn, memberLevelsIn, ruleFor, type Looker, type Rule } from './privacy-model';

export type MemberSeen = MemberPicture & { privacy: MemberPrivacyView | null };
export type FamilySeen = Omit<FamilyPicture, 'members'> & {
  canEdit: boolean;
  privacy: FamilyPrivacyView | null;
  members: MemberSeen[];
};

/** The fields each shareable field covers, blank when hidden: the street goes with its zip code (the city says where, not which house). */
const FAMILY_HIDDEN = {
  phone: { phone: null },
  street: { street: null, zipcode: null },
  anniversary: { anniversary: null },
  photo: { hasPhoto: false },
} satisfies Record<FamilyShared, Partial<FamilyPicture>>;
const MEMBER_HIDDEN = {
  cellphone: { cellphone: null },
  email: { email: null },
  birthday: { birthday: null },
} satisfies Record<MemberShared, Partial<MemberPicture>>;

function memberSeen(m: ChurchModel, rule: Rule, member: MemberPicture): MemberSeen {
  const privacy = rule.whole(member.familyId)
    ? { choices: { ...m.privacy.members.get(member.memberId) }, levels: memberLevelsIn(m, member.memberId) }
    : null;
  const seen = { ...member, privacy };
  for (const k of MEMBER_SHARED_KEYS)
    if (!rule.seesMemberField(member.familyId, member.memberId, k)) Object.assign(seen, MEMBER_HIDDEN[k]);
  return seen;
}

function familySeen(m: ChurchModel, rule: Rule, family: FamilyPicture): FamilySeen {
  const { familyId } = family;
  const privacy = rule.whole(familyId)
    ? {
        unlisted: m.privacy.unlisted.has(familyId),
        // The model never chooses a place on the member map: every family stays at its address.
        approximateLocation: false,
        choices: { ...m.privacy.families.get(familyId) },
        levels: familyLevelsIn(m, familyId),
        defaults: { ...m.privacy.defaults },
      }
    : null;
  const members = family.members.map((x) => memberSeen(m, rule, x));
  const seen = { ...family, canEdit: rule.whole(familyId), privacy, members };
  for (const k of FAMILY_SHARED_KEYS) if (!rule.seesFamilyField(familyId, k)) Object.assign(seen, FAMILY_HIDDEN[k]);
  return seen;
}

/** Values unique in the church that this viewer must not receive in any answer: a string search finds a leak. */
function secrets(m: ChurchModel, rule: Rule): string[] {
  return [...m.families.values()].flatMap((f) => {
    const members = membersOf(m, f.familyId);
    if (!rule.seesFamily(f.familyId))
      return [f.familyId, f.photo, ...members.flatMap((x) => [x.memberId, x.email])].filter((s) => s !== null);
    return [
      rule.seesFamilyField(f.familyId, 'photo') ? null : f.photo,
      ...members.map((x) => (rule.seesMemberField(f.familyId, x.memberId, 'email') ? null : x.email)),
    ].filter((s) => s !== null);
  });
}

export interface Views {
  /** The families the viewer sees, by id. */
  families: FamilySeen[];
  groups: GroupPicture[];
  secrets: string[];
  rule: Rule;
}

export function expectedViews(m: ChurchModel, looker: Looker): Views {
  const rule = ruleFor(m, looker);
  const picture = expectedPicture(m);
  return {
    families: picture.families.filter((f) => rule.seesFamily(f.familyId)).map((f) => familySeen(m, rule, f)),
    groups: picture.groups.map((g) => ({ ...g, roles: g.roles.filter((role) => rule.seesFamily(role.familyId)) })),
    secrets: secrets(m, rule),
    rule,
  };
}

const monthOf = (mmdd: string | null) => (mmdd !== null && MM_DD.test(mmdd) ? Number(mmdd.slice(0, 2)) : null);
const dayOf = (mmdd: string) => Number(mmdd.slice(3, 5));

/** The months in which anyone in the model has a birthday or an anniversary, whoever may see it. */
export const monthsWithData = (m: ChurchModel): number[] =>
  [
    ...new Set(
      [...[...m.members.values()].map((x) => x.birthday), ...[...m.families.values()].map((f) => f.anniversary)]
        .map(monthOf)
        .filter((n) => n !== null),
    ),
  ].sort((a, b) => a - b);

/** A month's birthdays and anniversaries the viewer sees (by id; the day order is checked apart); photos by whether there is one. */
export function expectedDashboard(views: Views, month: number) {
  const birthdays: DashboardBirthday[] = views.families
    .flatMap((f) => f.members)
    .filter((x) => monthOf(x.birthday) === month)
    .map((x) => ({
      memberId: x.memberId,
      familyId: x.familyId,
      name: x.name,
      surname: x.surname,
      birthday: x.birthday!,
      dayOfMonth: dayOf(x.birthday!),
    }));
  const anniversaries: (Omit<DashboardAnniversary, 'photoUrl'> & { hasPhoto: boolean })[] = views.families
    .filter((f) => monthOf(f.anniversary) === month)
    .map((f) => ({
      familyId: f.familyId,
      surname: f.surname,
      anniversary: f.anniversary!,
      dayOfMonth: dayOf(f.anniversary!),
      hasPhoto: f.hasPhoto,
    }));
  return {
    birthdays: birthdays.sort(byKey((b) => b.memberId)),
    anniversaries: anniversaries.sort(byKey((a) => a.familyId)),
  };
}
