/**
 * Change requests as administrators and the family itself see them (nobody else ever does): each
 * field's old and new value, a new photo beside the one it replaces (links that live minutes).
 */
import { FAMILY_REQUESTS_SHOWN, type ChangeRequestView } from '../contract/changeRequests';
import { canEditFamily, type Viewer } from '../core/viewer';
import { photoUrl } from '../photos/photos';
import { readFamilyRequests, type ChangeRequest } from './repos/changeRequests';

/** A request as the queue and the family's page show it: a new photo beside the one it replaces. */
export async function viewOf(r: ChangeRequest, now = Date.now()): Promise<ChangeRequestView> {
  const photo = r.changes.find((c) => c.field === 'photo');
  const link = (key: unknown, photoSize?: ChangeRequest['photoSize']) =>
    typeof key === 'string' ? photoUrl({ photo: key, ...(photoSize && { photoSize }) }, now) : null;
  return {
    requestId: r.requestId,
    familyId: r.familyId,
    familyName: r.familyName,
    kind: r.kind,
    recordId: r.recordId,
    recordName: r.recordName,
    status: r.status,
    changes: r.changes,
    photo: photo ? { old: await link(photo.old), new: await link(photo.new, r.photoSize) } : null,
    by: r.by.email,
    createdAt: r.createdAt,
    decidedAt: r.decidedAt,
    note: r.note,
  };
}

/** The family's latest requests, for its own user and administrators (nobody else sees a request's values). */
export async function familyRequests(viewer: Viewer, familyId: string): Promise<ChangeRequestView[] | null> {
  if (!canEditFamily(viewer, familyId)) return null;
  const requests = await readFamilyRequests(viewer.orgId, familyId, FAMILY_REQUESTS_SHOWN);
  return Promise.all(requests.map((r) => viewOf(r)));
}
