/**
 * The stored photo objects of families: a new photo must really be there before a family points
 * at it, and a replaced one is removed.
 */
import { env } from '../platform/env';
import { log, safeError } from '../platform/log';
import { deleteObject, objectStatus } from '../platform/s3-objects';
import { invalid } from './errors';
import { isOwnPhoto } from './photos';

/**
 * The photo a family may be saved with: unchanged, none, or a photo this church uploaded and
 * that is really there (so no family points at an upload that never finished).
 */
export async function checkNewPhoto(orgId: string, photo: string | null, current: string | null): Promise<void> {
  if (photo === null || photo === current) return;
  if (!isOwnPhoto(orgId, photo)) throw invalid('Please select a valid image file.');
  const status = await objectStatus(env('PHOTOS_BUCKET'), photo);
  if (status === 404 || status === 403)
    throw invalid('Photo upload error: the photo did not arrive. Please choose it again.');
  if (status !== 200) throw new Error(`S3 HEAD answered ${status}`);
}

/** Removes a replaced or orphaned photo. Failing here must not fail the save: it is logged, and the integrity report finds leftovers. */
export async function deletePhoto(orgId: string, photo: string | null): Promise<void> {
  if (!isOwnPhoto(orgId, photo)) return;
  try {
    await deleteObject(env('PHOTOS_BUCKET'), photo);
  } catch (error) {
    log.warn('photo not deleted', { orgId, photo, error: safeError(error) });
  }
}
