/**
 * The import job's tasks (lambdas/tasks/churchImport). Check reads the uploaded file and its groups
 * files with the administrator's choices (import/), reads the church, plans what the import would do
 * (importPlan.ts), keeps the plan beside the file and ends the record CHECKED with what the dry
 * run shows; a file that did not arrive or cannot be read ends it FAILED with the reason (a groups
 * file's reason with its name). Write writes the plan a
 * page at a time (importApply.ts: the groups first, then PAGE families), adding the page to the
 * progress, keeps the versions of the families it touched (for an undo), and ends the record DONE
 * after the last page. Undo takes the import back (importUndo.ts). MarkFailed, given the error a step
 * ended with, ends the record FAILED.
 */
import { IMPORT_JOB_MESSAGES, LINES_SHOWN, type ImportCheck } from '../contract/importJobs';
import type { ImportReading } from '../contract/imports';
import { AppError } from '../core/errors';
import { env } from '../platform/env';
import { log } from '../platform/log';
import { readObject, writeObject } from '../platform/aws/s3-objects';
import { readDirectory, readOrganization } from '../directory/repos/directory';
import { readGroups } from '../groups/repos/groups';
import { ImportFileError } from './import/errors';
import { readSheet } from './import/readSheet';
import { parseImport } from './import/parseImport';
import type { GroupSheet } from './import/groups';
import type { Sheet } from './import/sheet';
import { noCounts, planImport, type ImportPlan } from './importPlan';
import { createFamilies, createGroups, newMembers, updateFamilies, type ImportAuthor } from './importApply';
import { dropWaiting, queueInvitations, sendWaiting } from '../accounts/invitationQueue';
import { startLocatingChurch } from '../map/startLocating';
import { importPlanKey, importWrittenKey } from './transferKeys';
import { changedSince, undoPlan, writtenStates, type WrittenFamily } from './importUndo';
import { getImport, moveImport, type ImportFile, type ImportRecord } from './repos/imports';

/** Families written by one invocation of Write: a few thousand items, well inside its time. */
export const IMPORT_PAGE = 500;

export interface ImportTask {
  orgId: string;
  importId: string;
  /** The first family of the plan this invocation writes. */
  from: number;
}

/** What a Write answers: where the next one starts, or null after the last page. */
export interface ImportPage extends ImportTask {
  next: number | null;
}

const bucket = () => env('EXPORTS_BUCKET');

const writeJson = (key: string, value: unknown) =>
  writeObject(bucket(), key, new TextEncoder().encode(JSON.stringify(value)), 'application/json');

async function readJson<T>(key: string): Promise<T> {
  const stored = await readObject(bucket(), key);
  if (!stored) throw new Error(`the import has no ${key.slice(key.lastIndexOf('/') + 1)}`);
  return JSON.parse(new TextDecoder().decode(stored)) as T;
}

const readPlan = (task: ImportTask) => readJson<ImportPlan>(importPlanKey(task.orgId, task.importId));

/** Who the audit trail names for the import's writes and its undoing: the administrator who started it. */
const authorOf = (record: ImportRecord): ImportAuthor | undefined =>
  record.startedByUserId ? { userId: record.startedByUserId, email: record.startedBy } : undefined;

async function current(task: ImportTask, status: ImportRecord['status']) {
  const record = await getImport(task.orgId);
  return record?.importId === task.importId && record.status === status ? record : null;
}

function checkOf(reading: ImportReading, plan: ImportPlan | null): ImportCheck {
  const notes = [...reading.notes, ...(plan?.notes ?? [])].sort((a, b) => a.line - b.line);
  return {
    counts: plan?.counts ?? noCounts(),
    newGroups: (plan?.groups ?? []).slice(0, LINES_SHOWN).map((g) => g.groupName),
    refusal: plan?.refusal ?? null,
    needsMapping: reading.needsMapping,
    columns: reading.columns,
    mapping: reading.mapping,
    problems: reading.problems.slice(0, LINES_SHOWN),
    problemCount: reading.problems.length,
    notes: notes.slice(0, LINES_SHOWN),
    noteCount: notes.length,
    duplicates: reading.duplicates.slice(0, LINES_SHOWN),
    extraColumns: reading.extraColumns,
  };
}

/** An uploaded file's rows; refused when it did not arrive or cannot be read (`named`: the refusal names it). */
async function sheetOf(file: ImportFile, named: boolean): Promise<Sheet> {
  const said = (message: string) => (named ? `${file.fileName}: ${message}` : message);
  const bytes = await readObject(bucket(), file.fileKey);
  if (!bytes) throw new ImportFileError(said(IMPORT_JOB_MESSAGES.notUploaded));
  try {
    return await readSheet(bytes, file.fileName);
  } catch (error) {
    if (named && error instanceof AppError) throw new ImportFileError(said(error.message));
    throw error;
  }
}

/** Task Check: the dry run. */
export async function runCheck(task: ImportTask): Promise<ImportTask> {
  const record = await current(task, 'CHECKING');
  if (!record) return task;
  let reading: ImportReading;
  try {
    const options = record.options!;
    const mapping = Object.fromEntries(
      Object.entries(options.mapping).map(([index, target]) => [Number(index), target]),
    );
    const sheet = await sheetOf(record, false);
    const groupSheets: GroupSheet[] = [];
    // One at a time: a workbook unpacked at once with another would double the peak.
    for (const file of record.groupsFiles) groupSheets.push({ ...(await sheetOf(file, true)), name: file.fileName });
    reading = parseImport(sheet, {
      ...(options.preset ? { preset: options.preset } : {}),
      mapping,
      dateOrder: options.dateOrder,
      groupSheets,
    });
  } catch (error) {
    // A file that cannot be read: its reason is the page's message.
    if (!(error instanceof AppError)) throw error;
    await moveImport(task.orgId, task.importId, ['CHECKING'], { status: 'FAILED', error: error.message });
    return task;
  }
  let plan: ImportPlan | null = null;
  if (!reading.needsMapping) {
    const [families, { groups, church }, org] = await Promise.all([
      readDirectory(task.orgId),
      readGroups(task.orgId),
      readOrganization(task.orgId),
    ]);
    plan = planImport(task.importId, task.orgId, reading, { org: org!, families, groups, church });
    await writeObject(
      bucket(),
      importPlanKey(task.orgId, task.importId),
      new TextEncoder().encode(JSON.stringify(plan)),
      'application/json',
    );
  }
  await moveImport(task.orgId, task.importId, ['CHECKING'], { status: 'CHECKED', check: checkOf(reading, plan) });
  return task;
}

/** Task Write: one page of the plan (the groups with the first). */
export async function runWrite(task: ImportTask): Promise<ImportPage> {
  const record = await current(task, 'WRITING');
  if (!record) return { ...task, next: null };
  const plan = await readPlan(task);
  const options = { importId: task.importId, by: authorOf(record) };
  const total = plan.create.length + plan.update.length;
  if (task.from === 0) await createGroups(task.orgId, plan.groups, options);
  const to = Math.min(task.from + IMPORT_PAGE, total);
  const creates = plan.create.slice(task.from, to);
  const updates = plan.update.slice(Math.max(0, task.from - plan.create.length), Math.max(0, to - plan.create.length));
  const refused = [
    ...(await createFamilies(creates, options)),
    ...(await updateFamilies(task.orgId, updates, options)),
  ];
  if (record.options?.invite) await queueInvitations(task.orgId, newMembers(creates, updates, refused));
  const touched = [...creates.map((c) => c.family.familyId), ...updates.map((u) => u.familyId)];
  await writeJson(importWrittenKey(task.orgId, task.importId, task.from), await writtenStates(task.orgId, touched));
  const last = to >= total;
  // The day's share before the import is DONE (the page then counts what waits); the hourly
  // invitationQueue job sends the rest on the next days.
  if (last && record.options?.invite) await sendWaiting(task.orgId);
  await moveImport(task.orgId, task.importId, ['WRITING'], {
    progress: { done: to, total },
    refused: [...record.refused, ...refused],
    ...(last ? { status: 'DONE' as const } : {}),
  });
  if (last) {
    // The new addresses, looked up by the lookup job off the import's path (map/startLocating.ts).
    await startLocatingChurch(task.orgId);
    log.info('church imported', { ...task, families: total, refused: record.refused.length + refused.length });
  }
  return { ...task, next: last ? null : to };
}

/**
 * Task Undo: the import taken back, if nothing it wrote changed since (else it stays DONE, and the
 * administrator is told how many families changed).
 */
export async function runUndo(task: ImportTask): Promise<ImportTask> {
  const record = await current(task, 'UNDOING');
  if (!record) return task;
  const plan = await readPlan(task);
  const total = plan.create.length + plan.update.length;
  const pages = Array.from({ length: Math.ceil(total / IMPORT_PAGE) }, (_, i) => i * IMPORT_PAGE);
  const written = (
    await Promise.all(pages.map((from) => readJson<WrittenFamily[]>(importWrittenKey(task.orgId, task.importId, from))))
  ).flat();
  const changed = await changedSince(task.orgId, written);
  if (changed) {
    await moveImport(task.orgId, task.importId, ['UNDOING'], {
      status: 'DONE',
      error: IMPORT_JOB_MESSAGES.undoRefused(changed),
    });
    return task;
  }
  await undoPlan(task.orgId, plan, { importId: task.importId, by: authorOf(record) });
  await dropWaiting(
    task.orgId,
    newMembers(plan.create, plan.update, []).map((m) => m.memberId),
  );
  await moveImport(task.orgId, task.importId, ['UNDOING'], { status: 'UNDONE' });
  log.info('church import undone', { ...task, families: total });
  return task;
}

/** Task MarkFailed: the import ends FAILED (what was written stays, and is said). */
export async function failImportRun(task: ImportTask & { error?: unknown }): Promise<ImportTask> {
  log.error('church import failed', { ...task, error: JSON.stringify(task.error ?? null).slice(0, 500) });
  await moveImport(task.orgId, task.importId, ['CHECKING', 'WRITING'], {
    status: 'FAILED',
    error: IMPORT_JOB_MESSAGES.failed,
  });
  return { orgId: task.orgId, importId: task.importId, from: task.from };
}
