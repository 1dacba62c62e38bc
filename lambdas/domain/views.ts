/** Entities shaped as the API answers them (lambdas/contract/api.ts). */
import type { FamilyView, MemberView } from '../contract/api';
import type { Family, Member } from './entities';
import { photoUrl } from './photos';
import { byName } from './viewer';

export const memberView = (m: Member): MemberView => ({
  memberId: m.memberId,
  familyId: m.familyId,
  name: m.name,
  surname: m.surname,
  birthday: m.birthday ?? null,
  cellphone: m.cellphone ?? null,
  email: m.email ?? null,
  version: m.version,
});

export async function familyView(
  family: Family,
  members: Member[],
  canEdit: boolean,
  now = Date.now(),
): Promise<FamilyView> {
  return {
    familyId: family.familyId,
    surname: family.surname,
    street: family.street ?? null,
    city: family.city ?? null,
    state: family.state ?? null,
    zipcode: family.zipcode ?? null,
    phone: family.phone ?? null,
    anniversary: family.anniversary ?? null,
    photo: family.photo ?? null,
    photoUrl: await photoUrl(family.photo ?? null, now),
    version: family.version,
    canEdit,
    members: members
      .filter((m) => m.memberId)
      .sort((a, b) => byName(a.name, b.name) || a.memberId.localeCompare(b.memberId))
      .map(memberView),
  };
}
