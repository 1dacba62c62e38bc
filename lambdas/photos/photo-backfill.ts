/**
 * The one-off job that makes renditions for photos stored before there were any
 * (lambdas/tasks/photoRenditions): a page of the table at a time, each family photo of ours read
 * from the bucket, its renditions written beside it and its size recorded on the family. A job,
 * not "on first use": reads stay free of side effects and of S3 writes, the job is resumable and
 * retried page by page, and it is done once for every church. Safe to run again: it finds only
 * the photos still without renditions.
 */
import { env } from '../platform/env';
import { mapLimit } from '../platform/limit';
import { log } from '../platform/log';
import { readObject } from '../platform/aws/s3-objects';
import type { Family } from '../core/entities';
import { isOwnPhoto } from './photo-keys';
import { NotAPhoto } from './photo-renditions';
import { writeRenditions } from './photo-uploads';
import { familiesWithoutRenditions, setPhotoSize, type ScanCursor } from './repos/photos';

/** Items a page evaluates: a page's photos are made well within one task's time. */
const PAGE_ITEMS = 500;
/** Photos made at once: sharp uses every core for each; more would only hold more in memory. */
const AT_ONCE = 4;

export interface BackfillState {
  cursor?: ScanCursor;
  made?: number;
  skipped?: number;
  done?: boolean;
}

type Outcome = 'made' | 'skipped';

async function backfill(family: Family): Promise<Outcome> {
  const photo = family.photo;
  // An outside URL kept from older data is never fetched: the server would fetch what anyone typed.
  if (!isOwnPhoto(family.orgId, photo)) return 'skipped';
  const bytes = await readObject(env('PHOTOS_BUCKET'), photo);
  // A missing object is the integrity report's to show.
  if (!bytes) return 'skipped';
  try {
    const size = await writeRenditions(photo, bytes, false);
    return (await setPhotoSize(family, photo, size)) ? 'made' : 'skipped';
  } catch (error) {
    if (!(error instanceof NotAPhoto)) throw error;
    log.warn('stored photo is no usable photo', { orgId: family.orgId, photo });
    return 'skipped';
  }
}

export async function renditionsPage(state: BackfillState): Promise<Required<BackfillState>> {
  const { families, next } = await familiesWithoutRenditions(state.cursor ?? null, PAGE_ITEMS);
  const outcomes = await mapLimit(families, AT_ONCE, backfill);
  return {
    cursor: next,
    made: (state.made ?? 0) + outcomes.filter((o) => o === 'made').length,
    skipped: (state.skipped ?? 0) + outcomes.filter((o) => o === 'skipped').length,
    done: next === null,
  };
}
