/**
 * The church's directory as a CSV file, made by a job (issue 31, part 4). Starting it records the
 * export (who, when) and starts the churchExport state machine, whose task (exportRun.ts) writes
 * the file and its counts; the page lists the latest exports and downloads the newest finished
 * one through a short-lived link. An export started while another runs joins it: one file at a
 * time per church, however often the button is pressed.
 */
import { randomUUID } from 'node:crypto';
import {
  EXPORT_FILE_NAME,
  EXPORT_KEPT_DAYS,
  EXPORT_MESSAGES,
  exportContents,
  type ExportView,
  type ListExportsResult,
  type StartExportResult,
} from '../contract/exports';
import { env } from '../platform/env';
import { log, safeError } from '../platform/log';
import { executionStatus, startExecution } from '../platform/aws/sfn';
import { presignS3 } from '../platform/aws/s3-presign';
import type { Viewer } from '../core/viewer';
import { auditStep, churchSubject, recordChange } from '../audit/trail';
import { createExport, failExport, latestExports, setExportExecution, type ExportRecord } from './repos/exports';

/** How many of the church's exports the page lists. */
export const EXPORTS_LISTED = 10;

/** The page downloads at once and asks again for a later download. */
const DOWNLOAD_SECONDS = 5 * 60;

const KEPT_MS = EXPORT_KEPT_DAYS * 24 * 3600 * 1000;

/** Whether a RUNNING export's execution still runs (one not started yet is taken as running). */
async function stillRuns(record: ExportRecord): Promise<boolean> {
  if (!record.executionArn) return true;
  const status = await executionStatus(record.executionArn);
  return status === 'RUNNING' || status === 'PENDING_REDRIVE';
}

const downloadUrl = (key: string) =>
  presignS3('GET', env('EXPORTS_BUCKET'), key, {
    expiresIn: DOWNLOAD_SECONDS,
    query: {
      'response-content-disposition': `attachment; filename="${EXPORT_FILE_NAME}"`,
      'response-content-type': 'text/csv; charset=utf-8',
    },
  });

/** The export as the page sees it; `latest`: the newest finished one, the only one offered for download. */
async function view(record: ExportRecord, runs: boolean, latest: boolean): Promise<ExportView> {
  const status = record.status === 'RUNNING' && !runs ? 'FAILED' : record.status;
  const kept = record.finishedAt !== null && Date.now() - Date.parse(record.finishedAt) < KEPT_MS;
  const url = status === 'SUCCEEDED' && latest && kept && record.fileKey ? await downloadUrl(record.fileKey) : null;
  return {
    jobId: record.jobId,
    status,
    startedBy: record.startedBy,
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
    counts: status === 'SUCCEEDED' ? record.counts : null,
    url,
    message:
      status === 'RUNNING'
        ? EXPORT_MESSAGES.running
        : status === 'FAILED'
          ? record.status === 'RUNNING'
            ? EXPORT_MESSAGES.stopped
            : EXPORT_MESSAGES.failed
          : kept
            ? exportContents(record.counts!)
            : EXPORT_MESSAGES.expired,
  };
}

/** A church's latest exports, each with whether it still runs. */
interface Latest {
  record: ExportRecord;
  runs: boolean;
}

/**
 * The church's latest exports. An export whose execution ended while its record still says RUNNING
 * may have ended between the two reads (the task writes the record's end before its execution
 * ends): its record is read again before it is called stopped.
 */
async function latest(orgId: string, count: number, again = true): Promise<Latest[]> {
  const records = await latestExports(orgId, count);
  const runs = await Promise.all(records.map((r) => r.status !== 'RUNNING' || stillRuns(r)));
  if (again && runs.includes(false)) return latest(orgId, count, false);
  return records.map((record, i) => ({ record, runs: runs[i]! }));
}

async function views(exports: readonly Latest[]): Promise<ExportView[]> {
  const newestDone = exports.find(({ record }) => record.status === 'SUCCEEDED')?.record;
  return Promise.all(exports.map(({ record, runs }) => view(record, runs, record === newestDone)));
}

export async function listExports(orgId: string): Promise<ListExportsResult> {
  return { success: true, exports: await views(await latest(orgId, EXPORTS_LISTED)) };
}

/** The administrator who starts an export: the record and the audit trail name them. */
export interface ExportAdmin extends Pick<Viewer, 'orgId' | 'actor'> {
  email: string;
}

/** The audit entry of an export: the church's records left it as a file. */
export const exportAudit = (admin: Pick<Viewer, 'orgId' | 'actor'>, jobId: string) =>
  auditStep(admin, churchSubject(admin.orgId), [
    recordChange({ kind: 'export', id: jobId, name: 'The directory, exported as CSV' }, [], null, {}),
  ]);

/** Starts an export of the church, or joins the one being made. */
export async function startExport(admin: ExportAdmin): Promise<StartExportResult> {
  const { orgId } = admin;
  const [newest] = await latest(orgId, 1);
  if (newest?.record.status === 'RUNNING' && newest.runs)
    return { success: true, joined: true, export: await view(newest.record, true, false) };
  const ref = { orgId, startedAt: new Date().toISOString(), jobId: randomUUID() };
  const record = await createExport(ref, admin.email, exportAudit(admin, ref.jobId));
  try {
    const executionArn = await startExecution(env('CHURCH_EXPORT_STATE_MACHINE_ARN'), ref.jobId, ref);
    await setExportExecution(ref, executionArn);
  } catch (error) {
    log.error('church export could not start', { ...ref, error: safeError(error) });
    await failExport(ref);
    throw error;
  }
  return { success: true, joined: false, export: await view(record, true, false) };
}
