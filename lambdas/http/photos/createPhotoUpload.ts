import { PhotoUploadInput } from '../../contract/directory';
import { denied } from '../../domain/errors';
import { familyToChange } from '../../domain/families';
import { presignPhotoUpload } from '../../domain/photos';
import { defineRoute } from '../../platform/route';

/**
 * A presigned upload for a family photo: for a family the caller may edit, or (admins) for a
 * family being added. The key is chosen here, under the caller's church.
 */
export const handler = defineRoute('createPhotoUpload', { body: PhotoUploadInput }, async ({ principal, body }) => {
  const viewer = principal;
  if (body.familyId) await familyToChange(viewer, body.familyId);
  else if (!viewer.admin) throw denied('Only administrators can add families.');
  return presignPhotoUpload(viewer.orgId, body.contentType, body.size);
});
