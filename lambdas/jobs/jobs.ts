/**
 * The super-admin's long jobs as the API sees them: start one (answering its id at once) and read
 * its status, progress and result. The work itself runs in Step Functions (lambdas/tasks/); the job
 * record in the table is what the pages poll, so it survives reloads.
 */
import { randomUUID } from 'node:crypto';
import {
  deletionSuccess,
  JOB_MESSAGES,
  reportMessage,
  type GetAllOrganizationsResult,
  type IntegrityIssue,
  type JobView,
  type StartJobResult,
} from '../contract/jobs';
import { env } from '../platform/env';
import { executionStatus, startExecution } from '../platform/aws/sfn';
import { notFound } from '../core/errors';
import { deletionJobId } from './orgDeletionIds';
import {
  claimDeletionJob,
  createReportJob,
  endJob,
  getJobRecord,
  readIssues,
  setJobExecution,
  type JobRecord,
} from './repos/jobs';
import { listOrganizations } from '../accounts/repos/orgs';
import { readOrganization } from '../directory/repos/directory';

/** Issues a report answers at most (its totals always count them all). */
export const MAX_ISSUES_SHOWN = 5000;

export interface Starter {
  email: string;
}

export async function startIntegrityReport(starter: Starter): Promise<StartJobResult> {
  const jobId = randomUUID();
  await createReportJob(jobId, starter.email, new Date().toISOString());
  await launch(jobId, env('INTEGRITY_REPORT_STATE_MACHINE_ARN'), jobId, { jobId });
  return { success: true, message: 'Generating Report...', jobId, status: 'RUNNING' };
}

/**
 * Starts (or resumes) the deletion of everything of an organisation. One job per organisation, so
 * a run started after a failed one finishes its work and adds to its counts; a deletion already
 * running is answered as is; one already finished is answered with its result.
 */
export async function startOrgDeletion(starter: Starter, orgId: string): Promise<StartJobResult> {
  const jobId = deletionJobId(orgId);
  const [org, existing] = await Promise.all([readOrganization(orgId), getJobRecord(jobId)]);
  if (!org && existing?.status === 'SUCCEEDED')
    return {
      success: true,
      message: 'All data of this organization has been deleted already.',
      jobId,
      status: 'SUCCEEDED',
    };
  if (!org && !existing) throw notFound(JOB_MESSAGES.orgNotFound);
  const orgName = org?.orgName ?? existing?.orgName ?? orgId;
  const claim = { jobId, orgId, orgName, startedBy: starter.email, now: new Date().toISOString() };
  if (!(await claimDeletionJob(claim, null))) {
    const running = (await getJobRecord(jobId))!;
    const status = running.executionArn ? await executionStatus(running.executionArn) : 'RUNNING';
    if (status === 'RUNNING' || status === 'PENDING_REDRIVE')
      return { success: true, message: `Deletion of ${orgName} is in progress.`, jobId, status: 'RUNNING' };
    // Its execution ended without ending the job (aborted, timed out, a local stack restarted): take over.
    if (!(await claimDeletionJob(claim, running.executionArn)))
      return { success: true, message: `Deletion of ${orgName} is in progress.`, jobId, status: 'RUNNING' };
  }
  await launch(jobId, env('ORG_DELETION_STATE_MACHINE_ARN'), `${jobId}-${Date.now()}`, { jobId, orgId });
  return {
    success: true,
    message: `Deleting all data for organization: ${orgName} (ID: ${orgId})...`,
    jobId,
    status: 'RUNNING',
  };
}

/** The organisation list for the super-admin, newest first. */
export async function allOrganizations(): Promise<GetAllOrganizationsResult> {
  const organizations = (await listOrganizations())
    .map((o) => ({
      id: o.orgId,
      orgName: o.orgName,
      cDate: o.createdAt ?? null,
      contactName: o.contactName ?? null,
      contactEmail: o.contactEmail ?? null,
      expire: o.expiresAt ?? null,
      appInstalls: { ios: o.iosInstalls ?? 0, android: o.androidInstalls ?? 0 },
    }))
    .reverse();
  return {
    success: true,
    message: `Found ${organizations.length} organization${organizations.length === 1 ? '' : 's'}.`,
    organizations,
  };
}

/** Starts the execution and records it on the job; a job that could not start ends FAILED at once. */
export async function launch(
  jobId: string,
  stateMachineArn: string,
  executionName: string,
  input: Record<string, unknown>,
): Promise<string> {
  let executionArn: string;
  try {
    executionArn = await startExecution(stateMachineArn, executionName, input);
  } catch (error) {
    await endJob(jobId, 'FAILED', { error: 'The job could not be started.' });
    throw error;
  }
  await setJobExecution(jobId, executionArn);
  return executionArn;
}

/**
 * A RUNNING record whose execution has ended without saying so (aborted, timed out, or lost with
 * a restarted local stack) is ended FAILED here, so a page never polls forever.
 */
async function reconcile(record: JobRecord): Promise<JobRecord> {
  if (record.status !== 'RUNNING' || !record.executionArn) return record;
  const status = await executionStatus(record.executionArn);
  if (status === 'RUNNING' || status === 'PENDING_REDRIVE') return record;
  const again = await getJobRecord(record.jobId);
  if (!again || again.status !== 'RUNNING' || again.executionArn !== record.executionArn) return again ?? record;
  if (status === 'SUCCEEDED') return again;
  await endJob(record.jobId, 'FAILED', {
    error: status ? `The job's execution ended: ${status}.` : 'The job stopped before it finished.',
  });
  return (await getJobRecord(record.jobId)) ?? record;
}

const byCollectionThenId = (a: IntegrityIssue, b: IntegrityIssue) =>
  a.collectionName.localeCompare(b.collectionName) ||
  a.documentId.localeCompare(b.documentId) ||
  (a.referencedField ?? '').localeCompare(b.referencedField ?? '');

export async function readJob(jobId: string): Promise<JobView> {
  const stored = await getJobRecord(jobId);
  if (!stored) throw notFound(JOB_MESSAGES.jobNotFound);
  const record = await reconcile(stored);
  const view: JobView = {
    jobId: record.jobId,
    kind: record.kind,
    status: record.status,
    startedAt: record.startedAt,
    finishedAt: record.finishedAt ?? null,
    progress: { items: record.itemsDone ?? 0, pages: record.pagesDone ?? 0 },
    report: null,
    deletion: null,
    error: record.status === 'FAILED' ? (record.error ?? 'The job failed.') : null,
  };
  if (record.kind === 'integrityReport' && record.status === 'SUCCEEDED') {
    const totalIssues = record.totalIssues ?? 0;
    const issues = totalIssues ? (await readIssues(jobId, MAX_ISSUES_SHOWN)).sort(byCollectionThenId) : [];
    view.report = {
      success: true,
      message:
        reportMessage(totalIssues) + (totalIssues > issues.length ? ` The first ${issues.length} are listed.` : ''),
      totalIssues,
      issuesByCollection: record.issuesByCollection ?? {},
      issues,
    };
  }
  if (record.kind === 'orgDeletion') {
    const counts = record.deletedCounts ?? {};
    const orgName = record.orgName ?? record.orgId ?? '';
    view.deletion = {
      success: record.status === 'SUCCEEDED',
      orgId: record.orgId ?? '',
      orgName,
      message:
        record.status === 'SUCCEEDED'
          ? deletionSuccess(orgName, record.orgId ?? '', counts)
          : record.status === 'FAILED'
            ? `Deletion failed: ${view.error}`
            : `Deleting all data for organization: ${orgName} (ID: ${record.orgId})...`,
      deletedCounts: counts,
    };
  }
  return view;
}
