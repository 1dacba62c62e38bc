/** Entities shaped as the API answers them (lambdas/contract/api.ts). */
import type { FamilyView, MemberView } from '../contract/api';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../contract/directory';
import { valuesOf } from '../contract/entity';
import type { Family, Member } from './entities';
import { photoUrl } from './photos';
import { byName } from './viewer';

export const memberView = (m: Member): MemberView => ({
  memberId: m.memberId,
  familyId: m.familyId,
  ...valuesOf(MEMBER_FIELDS, m),
  surname: m.surname,
  version: m.version,
});

export async function familyView(
  family: Family,
  members: Member[],
  canEdit: boolean,
  now = Date.now(),
): Promise<FamilyView> {
  // The photo's storage key stays on the server: the browser gets a URL.
  const { photo: _key, ...fields } = valuesOf(FAMILY_FIELDS, family);
  return {
    familyId: family.familyId,
    ...fields,
    photoUrl: await photoUrl(family.photo ?? null, now),
    version: family.version,
    canEdit,
    members: members
      .filter((m) => m.memberId)
      .sort((a, b) => byName(a.name, b.name) || a.memberId.localeCompare(b.memberId))
      .map(memberView),
  };
}
