/**
 * Deletes a photo a family no longer holds, with its renditions (the photo clean-up task): one in
 * the family's folder, or one from before folders that no family holds any more (older data may
 * have two families on one). Never another family's. A failure is thrown on: the state machine
 * retries it, and the failed-jobs alarm tells of one that keeps failing.
 */
import { env } from '../platform/env';
import { deleteObject } from '../platform/aws/s3-objects';
import { isFamilyPhoto, isOldLayoutPhoto, photoObjects } from './photo-keys';
import type { RetiredPhoto } from './photo-retiring';
import { familiesWithPhoto } from '../directory/repos/directory';

export async function deleteRetiredPhoto({ orgId, familyId, photo }: RetiredPhoto): Promise<{ deleted: number }> {
  if (!isFamilyPhoto(orgId, familyId, photo) && !isOldLayoutPhoto(orgId, photo)) return { deleted: 0 };
  if (isOldLayoutPhoto(orgId, photo) && (await familiesWithPhoto(orgId, photo)).length) return { deleted: 0 };
  const bucket = env('PHOTOS_BUCKET');
  const objects = photoObjects(photo);
  await Promise.all(objects.map((key) => deleteObject(bucket, key)));
  return { deleted: objects.length };
}
