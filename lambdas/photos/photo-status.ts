/**
 * What the photo pipeline made of an upload, for the form that waits on it before saving: its
 * preview (the small rendition) and size, or why it was refused. Only for those who may edit the
 * family the upload was granted for, as the upload itself (families.ts familyForPhoto); an upload
 * not handled yet (or of another church: the key is the caller's church's) is "not found".
 */
import type { PhotoUploadStatus } from '../contract/api';
import { PHOTO_MESSAGES } from '../contract/directory';
import { notFound } from '../core/errors';
import { photoUrl } from './photos';
import { readPreparedPhoto } from './repos/photos';
import { canEditFamily, type Viewer } from '../core/viewer';

export async function photoUploadStatus(viewer: Viewer, photoId: string): Promise<PhotoUploadStatus> {
  const prepared = await readPreparedPhoto(viewer.orgId, photoId);
  // Another family's upload is not found, as an unknown one is.
  if (!prepared || !canEditFamily(viewer, prepared.familyId)) throw notFound(PHOTO_MESSAGES.notFound);
  if (prepared.status === 'refused') return { status: 'refused', message: prepared.message };
  const url = await photoUrl({ photo: prepared.photo, photoSize: prepared.size });
  return { status: 'ready', url: url!, width: prepared.size.width, height: prepared.size.height };
}
