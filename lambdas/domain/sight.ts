/**
 * What a read needs to apply the visibility rule (visibility.ts) for one viewer: the church's
 * privacy item and, only when a `groups` level decides something, who shares a group with them.
 */
import type { ChurchPrivacy, Family, Member, Role } from './entities';
import { readRolesAndPrivacy } from './repos/privacy';
import type { Viewer } from './viewer';
import { fellowsOf, needsFellows, type Audience } from './visibility';

export interface Sight {
  audience: Audience;
  church: ChurchPrivacy;
}

/**
 * The viewer's sight of these records. `roles`: the church's roles when the read already has them
 * (the family list reads them with the privacy item); otherwise they are read only if needed.
 */
export async function sightOf(
  viewer: Viewer,
  church: ChurchPrivacy,
  records: { families?: readonly Family[]; members?: readonly Member[] },
  roles?: readonly Role[],
): Promise<Sight> {
  const audience: Audience = { admin: viewer.admin, familyId: viewer.familyId, fellows: null };
  if (roles) audience.fellows = fellowsOf(viewer.memberId, roles);
  else if (needsFellows(audience, church, records.families ?? [], records.members ?? []))
    audience.fellows = fellowsOf(viewer.memberId, (await readRolesAndPrivacy(viewer.orgId)).roles);
  return { audience, church };
}
