/**
 * The super-admin pages' jobs (/admin/data-audit and /admin/org): polling a job until it ends, and
 * remembering the job a page started so that its status and result survive a reload.
 */
import type { JobKind, JobView } from '../../../../lambdas/contract/jobs';
import { callApi } from '../../lib/api';

export const POLL_MS = 1500;

const storageKey = (kind: JobKind) => `church-directory.job.${kind}`;

export interface RememberedJob {
  jobId: string;
  /** Deletion: the organisation, so the page can name it before the job answers. */
  orgId?: string;
  orgName?: string;
}

export function rememberJob(kind: JobKind, job: RememberedJob | null): void {
  try {
    if (job) window.localStorage.setItem(storageKey(kind), JSON.stringify(job));
    else window.localStorage.removeItem(storageKey(kind));
  } catch {
    // Storage may be unavailable (private mode): the job still runs, only a reload forgets it.
  }
}

export function rememberedJob(kind: JobKind): RememberedJob | null {
  try {
    const raw = window.localStorage.getItem(storageKey(kind));
    const parsed = raw ? (JSON.parse(raw) as RememberedJob) : null;
    return parsed && typeof parsed.jobId === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

/** Reads the job until it is no longer RUNNING; `onProgress` sees each RUNNING answer. */
export async function pollJob(
  jobId: string,
  signal: AbortSignal,
  onProgress: (job: JobView) => void,
  intervalMs = POLL_MS,
): Promise<JobView> {
  for (;;) {
    const job = await callApi('getJob', { params: { jobId }, signal });
    if (job.status !== 'RUNNING') return job;
    onProgress(job);
    await sleep(intervalMs, signal);
  }
}

/** '-' for an empty cell of the report's table. */
export const orDash = (value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? '-' : value;
