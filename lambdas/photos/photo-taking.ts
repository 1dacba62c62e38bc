/**
 * A family takes a new photo only once the photo pipeline has checked it (photo-uploads.ts): the
 * pipeline's record says so, and is removed in the family's own transaction, so the photo is
 * taken once. Read from DynamoDB, never from the bucket: the family writers hold no S3 client.
 * A replaced or removed photo is deleted off the request path (photo-retiring.ts).
 */
import { MESSAGES, PHOTO_MESSAGES } from '../contract/directory';
import { invalid } from '../core/errors';
import { isFamilyPhoto, isOwnPhoto, photoIdOf } from './photo-keys';
import type { PixelSize } from './photo-sizes';
import { readPreparedPhoto, takePreparedPhoto } from './repos/photos';
import type { Step } from '../core/repos/transact';

export interface TakenPhoto {
  /** The photo's upright size: its renditions' sizes follow (photo-sizes.ts). */
  size: PixelSize;
  /** The family's transaction removes the pipeline's record with it. */
  step: Step;
}

/**
 * The new photo a family may be saved with: null when it keeps its photo or has none; otherwise
 * one uploaded for this very family that the pipeline found to be a usable photo.
 */
export async function takeNewPhoto(
  orgId: string,
  familyId: string,
  photo: string | null,
  current: string | null,
): Promise<TakenPhoto | null> {
  if (photo === null || photo === current) return null;
  if (!isOwnPhoto(orgId, photo)) throw invalid(MESSAGES.image);
  if (!isFamilyPhoto(orgId, familyId, photo)) throw invalid(MESSAGES.photoNotYours);
  const photoId = photoIdOf(photo)!;
  const prepared = await readPreparedPhoto(orgId, photoId);
  if (!prepared || prepared.photo !== photo) throw invalid(PHOTO_MESSAGES.notReady);
  if (prepared.status === 'refused') throw invalid(prepared.message);
  return { size: prepared.size, step: { action: takePreparedPhoto(orgId, photoId) } };
}
