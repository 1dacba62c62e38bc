/**
 * The super-admin pages' jobs (/admin/data-audit and /admin/org): following a job until it ends,
 * and remembering the job a page started so that its status and result survive a reload.
 */
import { useQuery } from '@tanstack/react-query';
import type { JobKind } from '@contract/jobs';
import { jobQuery } from '../../api/queries';

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

/**
 * Reads the job (none while `jobId` is null) and again every POLL_MS while it is RUNNING. A failed
 * read stops the polling: the page shows the error rather than asking on behind it.
 */
export function useJob(jobId: string | null) {
  return useQuery({
    ...jobQuery(jobId ?? ''),
    enabled: jobId !== null,
    refetchInterval: ({ state }) => (state.status === 'success' && state.data?.status === 'RUNNING' ? POLL_MS : false),
  });
}

/** '-' for an empty cell of the report's table. */
export const orDash = (value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? '-' : value;
