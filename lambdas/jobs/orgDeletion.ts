/**
 * The organisation deletion's steps (lambdas/tasks/orgDeletion.asl.json): the organisation's
 * accounts and user records first (so nobody can write while the rest goes), then every other item
 * of its partition, then its photos and exports in S3, and last, in one transaction, its record,
 * its name claim and the job's end.
 *
 * Idempotent and resumable with exact counts: each page is written to the job record as
 * "pending" (keys and per-kind counts) before anything of it is deleted, and counted by one
 * conditional update that clears it. A run that stopped anywhere is finished by the next one, which
 * completes the pending page first, and whose counts add to the first run's (one job per
 * organisation: `delete-<orgId>`).
 */
import { env } from '../platform/env';
import { getPoolUser } from '../platform/aws/pool-users';
import { mapLimit } from '../platform/limit';
import { deleteObject, listKeys } from '../platform/aws/s3-objects';
import type { DeletedCounts } from '../contract/jobs';
import { deleteAccount } from '../accounts/accountDeletion';
import { isOperatorEmail } from '../accounts/operator';
import { churchBooksPrefix, EXPORTS_PREFIX } from '../book/bookKeys';
import { getJobRecord, setPendingPage, tallyPendingPage, type PendingPage } from './repos/jobs';
import {
  countKinds,
  deleteKeys,
  deleteOrgAndEndJob,
  orgPage,
  readOrgAndClaim,
  type DeletionPhase,
  type TableKey,
} from './repos/orgDeletion';

/** Items per page: its pending record (about 100 bytes a key) stays far below DynamoDB's 400 KB item limit. */
export const DELETION_PAGE_ITEMS = 1000;
/** What one page's keys may weigh in its pending record (DynamoDB items hold at most 400 KB). */
const PENDING_KEY_BYTES = 250_000;

/** The leading items whose keys fit in `budget` bytes (at least one). */
function withinBytes(items: Record<string, unknown>[], budget: number): Record<string, unknown>[] {
  let used = 0;
  let count = 0;
  for (const item of items) {
    used += String(item.PK).length + String(item.SK).length + 16;
    if (count > 0 && used > budget) break;
    count++;
  }
  return items.slice(0, count);
}

/** Objects per S3 page (ListObjectsV2's maximum is 1,000). */
export const DELETION_PAGE_OBJECTS = 500;

export interface DeletionStep {
  jobId: string;
  orgId: string;
}
export interface DeletionStepResult extends DeletionStep {
  done: boolean;
}

async function deleteTablePage(jobId: string, page: PendingPage): Promise<void> {
  // Each account with its own items (ACCOUNT#<userId>), which are no part of the church's partition.
  await mapLimit(page.accounts ?? [], 8, (userId) => deleteAccount({ sub: userId }));
  await deleteKeys(page.keys as TableKey[]);
  await tallyPendingPage(jobId, 'pending', page.counts);
}

/** One page of the organisation's partition: its accounts and user records (`users`), or anything else (`items`). */
export async function deletePageStep(input: DeletionStep & { phase: DeletionPhase }): Promise<DeletionStepResult> {
  const job = await getJobRecord(input.jobId);
  if (!job) throw new Error(`No job ${input.jobId}`);
  // A page a previous attempt recorded and did not count: finish it first.
  if (job.pending) await deleteTablePage(input.jobId, job.pending);

  const page0 = await orgPage(input.orgId, input.phase, DELETION_PAGE_ITEMS);
  if (!page0.items.length) return { jobId: input.jobId, orgId: input.orgId, done: true };
  // Keys are short, but an e-mail claim's may be 300 bytes: keep the pending record well under 400 KB.
  const items = withinBytes(page0.items, PENDING_KEY_BYTES);
  const more = page0.more || items.length < page0.items.length;

  // Which accounts exist is decided before the page is recorded, so a retry counts the same ones.
  // The operator's own account is never deleted with a church it happens to belong to.
  const users = items.filter((i) => i.userId && !isOperatorEmail(i.email));
  const accounts = (
    await mapLimit(users, 8, async (u) => ((await getPoolUser(String(u.userId))) ? String(u.userId) : null))
  ).filter((id): id is string => id !== null);
  const counts: DeletedCounts = { ...countKinds(items), ...(accounts.length ? { authUsers: accounts.length } : {}) };
  const page: PendingPage = { keys: items.map((i) => ({ PK: String(i.PK), SK: String(i.SK) })), counts, accounts };
  if (!(await setPendingPage(input.jobId, 'pending', page)))
    throw new Error('Another page of this deletion is in flight');
  await deleteTablePage(input.jobId, page);
  return { jobId: input.jobId, orgId: input.orgId, done: !more };
}

const BUCKETS = {
  photos: {
    env: 'PHOTOS_BUCKET',
    kind: 'photos',
    // Its photos with their renditions, and any upload the pipeline has not handled yet.
    prefixes: (orgId: string) => [`${orgId}/`, `uploads/${orgId}/`],
  },
  exports: {
    env: 'EXPORTS_BUCKET',
    kind: 'exports',
    // Its printed book, and any export still there.
    prefixes: (orgId: string) => [churchBooksPrefix(orgId), `${EXPORTS_PREFIX}${orgId}/`, `${orgId}/`],
  },
} as const;

async function deleteObjectPage(jobId: string, page: PendingPage): Promise<void> {
  await mapLimit(page.keys as string[], 16, (key) => deleteObject(page.bucket!, key));
  await tallyPendingPage(jobId, 'pendingObjects', page.counts);
}

/** One page of the organisation's objects in one bucket (photos under `<orgId>/`, its book under `books/<orgId>/`, exports under `exports/<orgId>/`). */
export async function deleteObjectsStep(
  input: DeletionStep & { bucket: keyof typeof BUCKETS },
): Promise<DeletionStepResult> {
  const job = await getJobRecord(input.jobId);
  if (!job) throw new Error(`No job ${input.jobId}`);
  if (job.pendingObjects) await deleteObjectPage(input.jobId, job.pendingObjects);

  const spec = BUCKETS[input.bucket];
  const bucket = env(spec.env);
  for (const prefix of spec.prefixes(input.orgId)) {
    const { keys, truncated } = await listKeys(bucket, prefix, DELETION_PAGE_OBJECTS);
    if (!keys.length) continue;
    const page: PendingPage = { keys, counts: { [spec.kind]: keys.length }, bucket };
    if (!(await setPendingPage(input.jobId, 'pendingObjects', page)))
      throw new Error('Another page of this deletion is in flight');
    await deleteObjectPage(input.jobId, page);
    return { jobId: input.jobId, orgId: input.orgId, done: !truncated && prefix === spec.prefixes(input.orgId).at(-1) };
  }
  return { jobId: input.jobId, orgId: input.orgId, done: true };
}

/** The organisation record and its name claim, and the job's end, in one transaction. */
export async function finishDeletionStep(input: DeletionStep): Promise<DeletionStepResult> {
  const { org, claim } = await readOrgAndClaim(input.orgId);
  await deleteOrgAndEndJob(input.jobId, input.orgId, org, claim);
  return { jobId: input.jobId, orgId: input.orgId, done: true };
}
