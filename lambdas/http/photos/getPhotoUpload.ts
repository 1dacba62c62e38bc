import { PhotoUploadParams } from '../../contract/directory';
import { photoUploadStatus } from '../../photos/photo-status';
import { defineRoute } from '../../platform/wiring/route';

/** What the photo pipeline made of an upload of the caller's family: ready with a preview, or refused and why. */
export const handler = defineRoute('getPhotoUpload', { params: PhotoUploadParams }, async ({ principal, params }) =>
  photoUploadStatus(principal, params.photoId),
);
