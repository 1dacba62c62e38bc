/**
 * A family's replaced or removed photo is deleted after its write, off the request path: the
 * writer starts the photo clean-up (a Step Functions task, lambdas/tasks/photoCleanup, which
 * retries), so it needs no S3 client. Failing to start it must not fail the save: it is logged,
 * and what stays is an unused object, never a family without its photo.
 */
import { randomUUID } from 'node:crypto';
import { env } from '../platform/env';
import { log, safeError } from '../platform/log';
import { startExecution } from '../platform/aws/sfn';
import { isFamilyPhoto, isOldLayoutPhoto } from './photo-keys';

export interface RetiredPhoto {
  orgId: string;
  familyId: string;
  photo: string;
}

/** Starts the deletion of a photo the family no longer holds (only its own, or one from before folders). */
export async function retirePhoto(orgId: string, familyId: string, photo: string | null): Promise<void> {
  if (!isFamilyPhoto(orgId, familyId, photo) && !isOldLayoutPhoto(orgId, photo)) return;
  const input: RetiredPhoto = { orgId, familyId, photo };
  try {
    await startExecution(env('PHOTO_CLEANUP_STATE_MACHINE_ARN'), randomUUID(), input);
  } catch (error) {
    log.warn('photo clean-up not started', { orgId, photo, error: safeError(error) });
  }
}
