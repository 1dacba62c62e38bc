/**
 * The church's import as the page drives it (issue 31, parts 2 and 3): an upload of the file
 * (a presigned PUT into the exports bucket), its check (the churchImport job reads it and plans
 * what it would do: the dry run; importRun.ts) and, once an administrator confirms, its writing
 * (the same job, page by page), and its undo (the same job, while nothing it wrote changed since).
 * One import at a time per church: the record (repos/imports.ts)
 * moves on only from the status a step expects. The job's tasks end the record themselves; one
 * whose execution ended without doing so (a restarted local stack, a timeout) is shown FAILED.
 */
import { randomUUID } from 'node:crypto';
import {
  familiesToWrite,
  IMPORT_FILE_TYPES,
  IMPORT_JOB_MESSAGES,
  LINES_SHOWN,
  type CheckImportInput,
  type GetImportResult,
  type ImportFileUpload,
  type ImportResult,
  type ImportStatus,
  type ImportUploadInput,
  type ImportUploadResult,
  type ImportView,
} from '../contract/importJobs';
import { AppError, notFound } from '../core/errors';
import { env } from '../platform/env';
import { log, safeError } from '../platform/log';
import { executionStatus, startExecution } from '../platform/aws/sfn';
import { presignS3 } from '../platform/aws/s3-presign';
import { importFileKey, importGroupsFileKey } from './transferKeys';
import {
  getImport,
  moveImport,
  startUpload,
  uploadedImport,
  type ImportFile,
  type ImportRecord,
} from './repos/imports';
import type { ImportAuthor } from './importApply';
import { invitationsWaiting } from '../accounts/invitationQueue';

/** The browser uploads at once. */
const UPLOAD_SECONDS = 10 * 60;

const RUNNING: readonly ImportStatus[] = ['CHECKING', 'WRITING', 'UNDOING'];

async function stillRuns(record: ImportRecord): Promise<boolean> {
  if (!record.executionArn) return true;
  const status = await executionStatus(record.executionArn);
  return status === 'RUNNING' || status === 'PENDING_REDRIVE';
}

function messageOf(record: ImportRecord): string {
  switch (record.status) {
    case 'UPLOADED':
      return `${record.fileName} is uploaded. Choose where it comes from, then check it.`;
    case 'CHECKING':
      return IMPORT_JOB_MESSAGES.checking;
    case 'CHECKED':
      return record.check?.refusal ?? record.check?.needsMapping ?? 'Checked: nothing is written until you import.';
    case 'WRITING':
      return `Importing: ${record.progress?.done ?? 0} of ${record.progress?.total ?? 0} families...`;
    case 'DONE': {
      const written = (record.progress?.total ?? 0) - record.refused.length;
      return `Imported ${record.fileName}: ${written} ${written === 1 ? 'family' : 'families'} written${record.refused.length ? `, ${record.refused.length} not imported (below)` : ''}.`;
    }
    case 'UNDOING':
      return IMPORT_JOB_MESSAGES.undoing;
    case 'UNDONE':
      return `The import of ${record.fileName} was undone.`;
    case 'FAILED':
      return record.error ?? IMPORT_JOB_MESSAGES.failed;
  }
}

/**
 * A record whose job ended without ending it (a restarted local stack, a timeout) ended FAILED.
 * Only the write routes call this: getImport may only read the table, and shows such a record
 * FAILED without writing (viewOf).
 */
async function settled(record: ImportRecord): Promise<ImportRecord> {
  if (!RUNNING.includes(record.status) || (await stillRuns(record))) return record;
  return (
    (await moveImport(record.orgId, record.importId, [record.status], {
      status: 'FAILED',
      error: IMPORT_JOB_MESSAGES.stopped,
    })) ?? (await getImport(record.orgId))!
  );
}

/**
 * A running record whose execution has ended: read again, since the job's last task may have
 * ended the record between the first read and the execution's answer; still as it was, its job
 * ended without ending it, and it is shown FAILED.
 */
async function endedSince(found: ImportRecord): Promise<ImportRecord> {
  const again = await getImport(found.orgId);
  const moved =
    again &&
    (again.importId !== found.importId || again.status !== found.status || again.updatedAt !== found.updatedAt);
  if (moved) return again;
  return { ...found, status: 'FAILED', error: IMPORT_JOB_MESSAGES.stopped };
}

/** The record as the page sees it; one whose job ended without ending it is shown FAILED. */
async function viewOf(found: ImportRecord): Promise<ImportView> {
  const [running, waiting] = await Promise.all([
    RUNNING.includes(found.status) ? stillRuns(found) : true,
    invitationsWaiting(found.orgId),
  ]);
  const record = RUNNING.includes(found.status) && !running ? await endedSince(found) : found;
  return {
    importId: record.importId,
    status: record.status,
    fileName: record.fileName,
    groupsFiles: record.groupsFiles.map((f) => f.fileName),
    startedBy: record.startedBy,
    startedAt: record.startedAt,
    options: record.options,
    check: record.check,
    progress: record.progress,
    refused: record.refused.slice(0, LINES_SHOWN),
    invitationsWaiting: waiting,
    // An undo refused since: the import stands, and why it cannot be undone.
    undoRefused: record.status === 'DONE' ? record.error : null,
    message: messageOf(record),
  };
}

export async function latestImport(orgId: string): Promise<GetImportResult> {
  const record = await getImport(orgId);
  return { success: true, import: record ? await viewOf(record) : null };
}

/** The ending a checked file name has (csv or xlsx), which its key and content type follow. */
const endingOf = (fileName: string) =>
  fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase() as keyof typeof IMPORT_FILE_TYPES;

/** A presigned PUT of exactly this file's type and size to its key. */
async function uploadOf(file: ImportFile, size: number): Promise<ImportFileUpload> {
  const headers = { 'content-type': IMPORT_FILE_TYPES[endingOf(file.fileName)], 'content-length': String(size) };
  const url = await presignS3('PUT', env('EXPORTS_BUCKET'), file.fileKey, { expiresIn: UPLOAD_SECONDS, headers });
  // The browser sets content-length itself.
  return { url, headers: { 'content-type': headers['content-type'] } };
}

/** A new import of the church: its record, and where to put the people file and each groups file. */
export async function createImportUpload(
  orgId: string,
  by: ImportAuthor,
  input: ImportUploadInput,
): Promise<ImportUploadResult> {
  const current = await getImport(orgId);
  if (current && RUNNING.includes((await settled(current)).status))
    throw new AppError('failed-precondition', IMPORT_JOB_MESSAGES.busy);
  const importId = randomUUID();
  const groupsFiles = input.groupsFiles.map((file, index) => ({
    fileName: file.fileName,
    fileKey: importGroupsFileKey(orgId, importId, index, endingOf(file.fileName)),
  }));
  const record = uploadedImport(
    {
      orgId,
      importId,
      fileName: input.fileName,
      fileKey: importFileKey(orgId, importId, endingOf(input.fileName)),
      groupsFiles,
      startedBy: by.email,
      startedByUserId: by.userId,
    },
    new Date().toISOString(),
  );
  if (!(await startUpload(record))) throw new AppError('failed-precondition', IMPORT_JOB_MESSAGES.busy);
  const [people, ...groups] = await Promise.all([
    uploadOf(record, input.size),
    ...groupsFiles.map((file, index) => uploadOf(file, input.groupsFiles[index]!.size)),
  ]);
  return { success: true, import: await viewOf(record), ...people!, groupsFiles: groups };
}

/** Starts the job's step for the import the record now names, or ends the record FAILED if it cannot start. */
async function startStep(record: ImportRecord, step: 'check' | 'write' | 'undo'): Promise<ImportView> {
  const task = { orgId: record.orgId, importId: record.importId, step, from: 0 };
  try {
    const arn = await startExecution(
      env('CHURCH_IMPORT_STATE_MACHINE_ARN'),
      `${record.importId}-${step}-${Date.now()}`,
      task,
    );
    const started = await moveImport(record.orgId, record.importId, [record.status], { executionArn: arn });
    return viewOf(started ?? (await getImport(record.orgId))!);
  } catch (error) {
    log.error('church import could not start', { ...task, error: safeError(error) });
    await moveImport(record.orgId, record.importId, [record.status], {
      status: 'FAILED',
      error: IMPORT_JOB_MESSAGES.failed,
    });
    throw error;
  }
}

/** Why a step could not move the import on: another import is the church's, or this one is busy or not ready. */
async function refusal(orgId: string, importId: string, notReady: string): Promise<AppError> {
  const current = await getImport(orgId);
  if (!current || current.importId !== importId) return notFound(IMPORT_JOB_MESSAGES.notFound);
  return new AppError('failed-precondition', RUNNING.includes(current.status) ? IMPORT_JOB_MESSAGES.busy : notReady);
}

/** Checks the uploaded file with these choices (again, after a change): the dry run. */
export async function checkImport(orgId: string, importId: string, options: CheckImportInput): Promise<ImportResult> {
  const record = await moveImport(orgId, importId, ['UPLOADED', 'CHECKED', 'FAILED'], {
    status: 'CHECKING',
    options,
    check: null,
    progress: null,
    refused: [],
    error: null,
    executionArn: null,
  });
  if (!record) throw await refusal(orgId, importId, IMPORT_JOB_MESSAGES.busy);
  return { success: true, import: await startStep(record, 'check') };
}

/** Writes what the check planned: the administrator confirmed. */
export async function confirmImport(orgId: string, importId: string): Promise<ImportResult> {
  const current = await getImport(orgId);
  if (!current || current.importId !== importId) throw notFound(IMPORT_JOB_MESSAGES.notFound);
  if (current.status !== 'CHECKED') throw await refusal(orgId, importId, IMPORT_JOB_MESSAGES.notChecked);
  if (current.check?.refusal || current.check?.needsMapping)
    throw new AppError('failed-precondition', IMPORT_JOB_MESSAGES.refused);
  if (!familiesToWrite(current.check)) throw new AppError('failed-precondition', IMPORT_JOB_MESSAGES.nothing);
  const record = await moveImport(orgId, importId, ['CHECKED'], { status: 'WRITING', executionArn: null });
  if (!record) throw await refusal(orgId, importId, IMPORT_JOB_MESSAGES.notChecked);
  return { success: true, import: await startStep(record, 'write') };
}

/** Takes the church's latest import back (a job), while nothing it wrote has changed since. */
export async function undoImport(orgId: string, importId: string): Promise<ImportResult> {
  const record = await moveImport(orgId, importId, ['DONE'], { status: 'UNDOING', error: null, executionArn: null });
  if (!record) throw await refusal(orgId, importId, IMPORT_JOB_MESSAGES.notDone);
  return { success: true, import: await startStep(record, 'undo') };
}
