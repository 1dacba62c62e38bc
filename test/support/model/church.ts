/**
 * The model of one church for the model-based test (test/integration/model-based.test.ts): a
 * plain in-memory picture of what the API should hold, and the views the API should answer for
 * it. Members carry no surname of their own: they take their family's, as the product promises.
 */
import type {
  FamilyFields as DeclaredFamilyFields,
  MemberFields as DeclaredMemberFields,
} from '../../../lambdas/contract/directory';
import type { Church } from '../fixtures';
import { openPrivacy, type PrivacyModel } from './privacy-model';

/** A family's declared fields as typed in (the photo is uploaded, so kept apart). */
export type FamilyFields = Omit<DeclaredFamilyFields, 'photo'>;

export interface FamilyModel extends FamilyFields {
  familyId: string;
  photo: string | null;
  version: number;
}

export type MemberFields = DeclaredMemberFields;

export interface MemberModel extends MemberFields {
  memberId: string;
  familyId: string;
  version: number;
}

export interface GroupModel {
  groupId: string;
  groupName: string;
  /** memberId to label. */
  roles: Map<string, string | null>;
}

export interface UserModel {
  userId: string;
  email: string;
  admin: boolean;
  memberId: string | null;
  familyId: string | null;
}

export interface ChurchModel {
  families: Map<string, FamilyModel>;
  members: Map<string, MemberModel>;
  groups: Map<string, GroupModel>;
  users: Map<string, UserModel>;
  /** Who may see what (privacy-model.ts). */
  privacy: PrivacyModel;
}

/** The system under test: one church on the local stack, and what the run noted along the way. */
export interface Real {
  church: Church;
  adminUserId: string;
  /** How many times each command ran, and each race ended with each pair of statuses: the test's summary. */
  ran: Map<string, number>;
  outcomes: Map<string, number>;
}

export const emptyChurch = (): ChurchModel => ({
  families: new Map(),
  members: new Map(),
  groups: new Map(),
  users: new Map(),
  privacy: openPrivacy(),
});

/** The `pick`-th of a list (commands are generated before the model exists, so they carry an index). */
export const pick = <T>(items: Iterable<T>, index: number): T => {
  const list = [...items];
  return list[index % list.length]!;
};

export const membersOf = (m: ChurchModel, familyId: string) =>
  [...m.members.values()].filter((x) => x.familyId === familyId);
export const memberEmails = (m: ChurchModel) => [...m.members.values()].flatMap((x) => (x.email ? [x.email] : []));
/** Users other than the church's own administrator, who must keep its rights for the run to go on. */
export const otherUsers = (m: ChurchModel, r: Real) => [...m.users.values()].filter((u) => u.userId !== r.adminUserId);

/** A family saved with these fields, to its next version; a new surname renames its members, each to its next version too. */
export function saveFamily(
  m: ChurchModel,
  family: FamilyModel,
  fields: Partial<FamilyFields> & { photo?: string | null },
): void {
  if (fields.surname !== undefined && fields.surname !== family.surname)
    for (const member of membersOf(m, family.familyId)) member.version += 1;
  Object.assign(family, fields, { version: family.version + 1 });
}

/** An account stays when its member or family goes, linked to nobody. */
const unlinkUsers = (m: ChurchModel, linked: (u: UserModel) => boolean) => {
  for (const user of m.users.values()) if (linked(user)) Object.assign(user, { memberId: null, familyId: null });
};

/** A member leaves the directory: out of every group, and its accounts unlinked. */
export function dropMember(m: ChurchModel, memberId: string): void {
  m.members.delete(memberId);
  for (const group of m.groups.values()) group.roles.delete(memberId);
  unlinkUsers(m, (u) => u.memberId === memberId);
}

/** A family leaves the directory with its members. */
export function dropFamily(m: ChurchModel, familyId: string): void {
  for (const member of membersOf(m, familyId)) dropMember(m, member.memberId);
  unlinkUsers(m, (u) => u.familyId === familyId);
  m.families.delete(familyId);
}
