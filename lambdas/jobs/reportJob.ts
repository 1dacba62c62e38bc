/**
 * The integrity report's steps (lambdas/tasks/integrityReport.asl.json runs them; each task
 * handler is one of these). Pages of the whole table are scanned and checked one at a time, the
 * Cognito pool is listed page by page beside them, and the last step compares the organisation
 * counts and totals the issues. State between steps is a cursor and a page number; findings go to
 * the job's items, so the state stays small and a retried step rewrites (never adds to) its page.
 */
import { addCounts, checkAccount, checkCounts, checkPage, type Counts } from './integrity';
import { getUserRecords, resolveFor, scanPage } from './repos/integrity';
import { addJobProgress, countIssues, endJob, putIssues, putTally, readTallies } from './repos/jobs';
import { listPoolUsers } from '../platform/aws/pool-users';

/** Items per Scan page: big enough to keep requests few, small enough for one Lambda run. */
export const REPORT_PAGE_ITEMS = 2000;

type Cursor = Record<string, unknown> | null;

export interface ScanStep {
  jobId: string;
  cursor?: Cursor;
  page?: number;
}
export interface ScanStepResult {
  jobId: string;
  cursor: Cursor;
  page: number;
  done: boolean;
}

export async function scanStep(input: ScanStep): Promise<ScanStepResult> {
  const page = input.page ?? 0;
  const { items, next } = await scanPage(input.cursor ?? null, REPORT_PAGE_ITEMS);
  const result = await resolveFor(items, (resolver) => checkPage(items, resolver));
  await putIssues(input.jobId, result.issues);
  await putTally(input.jobId, page, { found: result.found, stored: result.stored, checked: result.checked });
  await addJobProgress(input.jobId, result.checked);
  return { jobId: input.jobId, cursor: next, page: page + 1, done: next === null };
}

export interface AccountsStep {
  jobId: string;
  token?: string | null;
}
export interface AccountsStepResult {
  jobId: string;
  token: string | null;
  done: boolean;
}

/** One page of Cognito accounts: each must have a user record in its organisation. */
export async function accountsStep(input: AccountsStep): Promise<AccountsStepResult> {
  const { users, next } = await listPoolUsers(input.token ?? null);
  const records = await getUserRecords(users.filter((u) => u.orgId).map((u) => ({ orgId: u.orgId!, userId: u.sub })));
  const issues = users.flatMap((u) => checkAccount(u, records.get(`${u.orgId}\u0000${u.sub}`) ?? null) ?? []);
  await putIssues(input.jobId, issues);
  return { jobId: input.jobId, token: next, done: next === null };
}

/** Compares the organisation counts, totals the issues and ends the job. */
export async function finishReport(input: { jobId: string }): Promise<{ jobId: string; totalIssues: number }> {
  const found: Counts = {};
  const stored: Counts = {};
  let checked = 0;
  for (const tally of await readTallies(input.jobId)) {
    addCounts(found, tally.found);
    Object.assign(stored, tally.stored);
    checked += tally.checked;
  }
  await putIssues(input.jobId, checkCounts(found, stored));
  const issuesByCollection = await countIssues(input.jobId);
  const totalIssues = Object.values(issuesByCollection).reduce((a, b) => a + b, 0);
  await endJob(input.jobId, 'SUCCEEDED', { totalIssues, issuesByCollection, itemsDone: checked });
  return { jobId: input.jobId, totalIssues };
}

/** The Catch of every state machine: the job ends FAILED with what went wrong. */
export async function failJob(input: {
  jobId: string;
  error?: { Error?: string; Cause?: string };
}): Promise<{ jobId: string }> {
  await endJob(input.jobId, 'FAILED', { error: failureText(input.error) });
  return { jobId: input.jobId };
}

/** A Lambda failure's Cause is its JSON error; keep the message only. */
export function failureText(error: { Error?: string; Cause?: string } | undefined): string {
  const cause = error?.Cause ?? '';
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: string };
    if (parsed.errorMessage) return parsed.errorMessage;
  } catch {
    // not JSON: a plain message
  }
  return cause || error?.Error || 'The job failed.';
}
