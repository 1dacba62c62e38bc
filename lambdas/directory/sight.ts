/**
 * What a read needs to apply the visibility rule (visibility.ts) for one viewer: the church's
 * privacy item and the groups of the viewer's member (the people in them share a group with the
 * viewer). Those groups come with the request's principal, which read the viewer's member to admit
 * it; a viewer that does not carry them has its member read here.
 */
import type { ChurchPrivacy } from '../core/entities';
import { readMemberGroupIds } from '../groups/repos/groupMarks';
import { readChurchPrivacy } from '../privacy/repos/privacy';
import type { Viewer } from '../core/viewer';
import type { Audience } from '../privacy/visibility';

export interface Sight {
  audience: Audience;
  church: ChurchPrivacy;
}

/** The church's privacy item: as the request read it with the caller's record, else one GetItem. */
export const churchOf = async (viewer: Viewer): Promise<ChurchPrivacy> =>
  viewer.church ?? (await readChurchPrivacy(viewer.orgId));

export async function sightOf(viewer: Viewer, church: ChurchPrivacy): Promise<Sight> {
  // An administrator sees everything: whose groups they share never decides anything.
  const groups =
    viewer.admin || !viewer.memberId || !viewer.familyId
      ? new Set<string>()
      : (viewer.groupIds ?? (await readMemberGroupIds(viewer.orgId, viewer.familyId, viewer.memberId)));
  return { audience: { admin: viewer.admin, familyId: viewer.familyId, groups }, church };
}
