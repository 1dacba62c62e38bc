/**
 * One picture of a church's directory, as the model expects it and as the API answers it
 * (listFamilies, listGroups, listUsers), in one id-sorted shape so the two compare with toEqual.
 * The API's picture is also checked on its own (`brokenPromises`): that holds whatever the model.
 */
import { expect } from 'vitest';
import type { FamilyView, ListFamiliesResult, ListUsersResult } from '../../../lambdas/contract/api';
import { roleMemberName } from '../../../lambdas/directory/newRecords';
import { byName } from '../../../lambdas/core/viewer';
import { call, type Answer } from '../api';
import { groupsWithRoles } from '../groups';
import { emptyChurch, type ChurchModel, type FamilyModel, type MemberModel, type Real, type UserModel } from './church';

export interface MemberPicture extends MemberModel {
  surname: string;
}
/** The API shows a photo by URL only (its key stays on the server): whether there is one. */
export interface FamilyPicture extends Omit<FamilyModel, 'photo'> {
  hasPhoto: boolean;
  members: MemberPicture[];
}
export interface RolePicture {
  memberId: string;
  familyId: string;
  memberName: string;
  label: string | null;
  leader: boolean;
}
export interface GroupPicture {
  groupId: string;
  groupName: string;
  roles: RolePicture[];
}
export interface Picture {
  families: FamilyPicture[];
  groups: GroupPicture[];
  users: UserModel[];
}

export const byKey =
  <T>(key: (t: T) => string) =>
  (a: T, b: T) =>
    key(a).localeCompare(key(b));

/** The answer had this status (its body in the failure message). */
export function expectStatus<T>(answer: Answer<T>, status: number, code?: string): Answer<T> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  if (code) expect(answer.body.error?.code).toBe(code);
  return answer;
}

export function expectedPicture(m: ChurchModel): Picture {
  const families = [...m.families.values()].map(({ photo, ...f }) => ({
    ...f,
    hasPhoto: photo !== null,
    members: [...m.members.values()]
      .filter((x) => x.familyId === f.familyId)
      .map((x) => ({ ...x, surname: f.surname }))
      .sort(byKey((x) => x.memberId)),
  }));
  const groups = [...m.groups.values()].map((g) => ({
    groupId: g.groupId,
    groupName: g.groupName,
    roles: [...g.roles]
      .map(([memberId, label]) => {
        const member = m.members.get(memberId)!;
        const surname = m.families.get(member.familyId)!.surname;
        return {
          memberId,
          familyId: member.familyId,
          memberName: roleMemberName({ name: member.name, surname }),
          label,
          // The model's commands never mark a leader (studies.test.ts does).
          leader: false,
        };
      })
      .sort(byKey((r) => r.memberId)),
  }));
  return {
    families: families.sort(byKey((f) => f.familyId)),
    groups: groups.sort(byKey((g) => g.groupId)),
    users: [...m.users.values()].map((u) => ({ ...u })).sort(byKey((u) => u.userId)),
  };
}

/**
 * A family's view with whether it has a photo (not its URLs: the renditions' srcset and size come
 * with every photo the pipeline checked, test/integration/renditions.test.ts), and its members by
 * id (their own order is checked apart).
 */
export const familyByIds = ({ photoUrl, photoSrcset, photoSize, members, ...f }: FamilyView) => {
  if ((photoSrcset === null) !== (photoSize === null) || (photoSrcset !== null && photoUrl === null))
    throw new Error(`family ${f.familyId}: photoUrl, photoSrcset and photoSize disagree`);
  return { ...f, hasPhoto: photoUrl !== null, members: [...members].sort(byKey((x) => x.memberId)) };
};

/** The same as the picture holds it: who may see what (`canEdit`, `privacy`) is checked per viewer (viewers.ts). */
export function familyPicture(view: FamilyView) {
  const { canEdit: _canEdit, privacy: _privacy, members, ...f } = familyByIds(view);
  return { ...f, members: members.map(({ privacy: _p, ...x }) => x) };
}

export const inOrder = <T>(items: T[], compare: (a: T, b: T) => number) =>
  items.every((item, i) => i === 0 || compare(items[i - 1]!, item) <= 0);

/** The API's picture, as the administrator reads it; the lists' promised orders are checked on the way. */
async function apiPicture(r: Real): Promise<Picture> {
  const token = r.church.adminToken;
  const [families, groups, users] = await Promise.all([
    call<ListFamiliesResult>('listFamilies', { token }),
    groupsWithRoles(token),
    call<ListUsersResult>('listUsers', { token }),
  ]);
  for (const answer of [families, groups, users] as Answer<unknown>[]) expectStatus(answer, 200);
  expect(
    inOrder(families.body.families, (a, b) => byName(a.surname, b.surname)),
    'families in surname order',
  ).toBe(true);
  expect(
    inOrder(groups.body.groups, (a, b) => byName(a.groupName, b.groupName)),
    'groups in name order',
  ).toBe(true);
  expect(
    inOrder(users.body.users, (a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0)),
    'users in e-mail order',
  ).toBe(true);
  return {
    families: families.body.families
      .map((f) => {
        expect(
          inOrder(f.members, (a, b) => byName(a.name, b.name)),
          'members in name order',
        ).toBe(true);
        return familyPicture(f);
      })
      .sort(byKey((f) => f.familyId)),
    groups: groups.body.groups
      .map((g) => ({
        groupId: g.groupId,
        groupName: g.groupName,
        roles: g.roles.map(({ cDate: _cDate, ...role }) => role).sort(byKey((role) => role.memberId)),
      }))
      .sort(byKey((g) => g.groupId)),
    users: users.body.users.map(({ createdAt: _createdAt, ...u }) => u).sort(byKey((u) => u.userId)),
  };
}

/** What must hold in any answer of the API, whatever happened before: each broken promise, in words. */
function brokenPromises(p: Picture): string[] {
  const broken: string[] = [];
  const members = new Map(p.families.flatMap((f) => f.members.map((x) => [x.memberId, { ...x, family: f }] as const)));
  for (const f of p.families) {
    for (const x of f.members)
      if (x.surname !== f.surname || x.familyId !== f.familyId)
        broken.push(`member ${x.memberId} is named ${x.surname}, its family ${f.surname}`);
  }
  const emails = [...members.values()].flatMap((x) => (x.email ? [x.email] : []));
  if (new Set(emails).size !== emails.length)
    broken.push(`an e-mail is held by two members: ${emails.sort().join(', ')}`);
  for (const g of p.groups) {
    for (const role of g.roles) {
      const member = members.get(role.memberId);
      if (!member) broken.push(`group ${g.groupName} holds member ${role.memberId}, who is gone`);
      else if (role.familyId !== member.familyId || role.memberName !== roleMemberName(member)) {
        broken.push(
          `group ${g.groupName} names ${role.memberName} (${role.familyId}), the member is ${roleMemberName(member)} (${member.familyId})`,
        );
      }
    }
  }
  for (const u of p.users) {
    if (u.memberId && members.get(u.memberId)?.familyId !== u.familyId)
      broken.push(`user ${u.email} is linked to member ${u.memberId} of family ${u.familyId}, which is not there`);
    if (!u.memberId && u.familyId && !p.families.some((f) => f.familyId === u.familyId))
      broken.push(`user ${u.email} is linked to family ${u.familyId}, which is gone`);
  }
  return broken;
}

/**
 * The model rebuilt from the API's picture: after a race, whatever its outcome. The API shows no
 * photo keys, so each family keeps the one the model knew (races never change photos).
 */
function modelFrom(p: Picture, before: ChurchModel): ChurchModel {
  const m = emptyChurch();
  for (const { members, hasPhoto, ...family } of p.families) {
    const photo = before.families.get(family.familyId)?.photo ?? null;
    expect(photo !== null, `family ${family.familyId} has a photo`).toBe(hasPhoto);
    m.families.set(family.familyId, { ...family, photo });
    for (const { surname: _surname, ...member } of members) m.members.set(member.memberId, member);
  }
  for (const g of p.groups)
    m.groups.set(g.groupId, {
      groupId: g.groupId,
      groupName: g.groupName,
      roles: new Map(g.roles.map((r) => [r.memberId, r.label])),
    });
  for (const u of p.users) m.users.set(u.userId, { ...u });
  return m;
}

/** The model and the API agree, and the API keeps its promises. */
export async function expectApiMatches(m: ChurchModel, r: Real): Promise<Picture> {
  const seen = await apiPicture(r);
  expect(brokenPromises(seen)).toEqual([]);
  expect(seen).toEqual(expectedPicture(m));
  return seen;
}

/** Replaces the model's contents with the API's (after its promises are checked). */
export async function adoptApi(m: ChurchModel, r: Real): Promise<void> {
  const seen = await apiPicture(r);
  expect(brokenPromises(seen)).toEqual([]);
  const fresh = modelFrom(seen, m);
  for (const key of ['families', 'members', 'groups', 'users'] as const) {
    m[key].clear();
    for (const [id, value] of fresh[key] as Map<string, never>) (m[key] as Map<string, unknown>).set(id, value);
  }
}
