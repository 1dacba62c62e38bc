import { PhotoUploadInput } from '../../contract/directory';
import { familyForPhoto } from '../../directory/families';
import { presignPhotoUpload } from '../../photos/photos';
import { defineRoute } from '../../platform/wiring/route';

/**
 * A presigned upload into one family's photo folder: a family the caller may edit, or (admins) the
 * family being added with this request's Idempotency-Key. The key is chosen here.
 */
export const handler = defineRoute(
  'createPhotoUpload',
  { body: PhotoUploadInput },
  async ({ principal, body, requestKey }) => {
    const familyId = await familyForPhoto(principal, body.familyId, requestKey);
    return presignPhotoUpload(principal.orgId, familyId, body.contentType, body.size);
  },
);
