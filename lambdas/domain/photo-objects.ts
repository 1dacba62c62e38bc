/**
 * The stored photo objects of families: a new photo must be one uploaded for that family and
 * really be there before the family points at it, and a replaced one is removed only when it is
 * that family's own (the bucket keeps no versions: a removed object is gone).
 */
import { MESSAGES } from '../contract/directory';
import { env } from '../platform/env';
import { log, safeError } from '../platform/log';
import { deleteObject, objectStatus } from '../platform/s3-objects';
import { invalid } from './errors';
import { isFamilyPhoto, isOldLayoutPhoto, isOwnPhoto } from './photo-keys';
import { familiesWithPhoto } from './repos/directory';

/**
 * The photo a family may be saved with: unchanged, none, or a photo uploaded for this very family
 * that is really there (so no family points at an upload that never finished, or at another's).
 */
export async function checkNewPhoto(
  orgId: string,
  familyId: string,
  photo: string | null,
  current: string | null,
): Promise<void> {
  if (photo === null || photo === current) return;
  if (!isOwnPhoto(orgId, photo)) throw invalid(MESSAGES.image);
  if (!isFamilyPhoto(orgId, familyId, photo)) throw invalid(MESSAGES.photoNotYours);
  const status = await objectStatus(env('PHOTOS_BUCKET'), photo);
  if (status === 404 || status === 403)
    throw invalid('Photo upload error: the photo did not arrive. Please choose it again.');
  if (status !== 200) throw new Error(`S3 HEAD answered ${status}`);
}

/**
 * Removes a family's replaced or orphaned photo, once the family no longer holds it: one in its
 * folder, or one from before folders that no family holds any more (older data may have two
 * families on one). Never another family's. Failing here must not fail the save: it is logged,
 * and the integrity report finds leftovers.
 */
export async function deletePhoto(orgId: string, familyId: string, photo: string | null): Promise<void> {
  if (!isFamilyPhoto(orgId, familyId, photo) && !isOldLayoutPhoto(orgId, photo)) return;
  try {
    if (isOldLayoutPhoto(orgId, photo) && (await familiesWithPhoto(orgId, photo)).length) return;
    await deleteObject(env('PHOTOS_BUCKET'), photo);
  } catch (error) {
    log.warn('photo not deleted', { orgId, photo, error: safeError(error) });
  }
}
