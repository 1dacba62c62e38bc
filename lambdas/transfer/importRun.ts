/**
 * The import job's tasks (lambdas/tasks/churchImport). Check reads the uploaded file with the
 * administrator's choices (import/), reads the church, plans what the import would do
 * (importPlan.ts), keeps the plan beside the file and ends the record CHECKED with what the dry
 * run shows; a file that cannot be read ends it FAILED with the reason. Write writes the plan a
 * page at a time (importApply.ts: the groups first, then PAGE families), adding the page to the
 * progress, and ends the record DONE after the last page. MarkFailed, given the error a step
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
import { readSheet } from './import/readSheet';
import { parseImport } from './import/parseImport';
import { planImport, type ImportPlan } from './importPlan';
import { createFamilies, createGroups, updateFamilies } from './importApply';
import { importPlanKey } from './transferKeys';
import { getImport, moveImport, type ImportRecord } from './repos/imports';

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

async function current(task: ImportTask, status: ImportRecord['status']) {
  const record = await getImport(task.orgId);
  return record?.importId === task.importId && record.status === status ? record : null;
}

function checkOf(reading: ImportReading, plan: ImportPlan | null): ImportCheck {
  const notes = [...reading.notes, ...(plan?.notes ?? [])].sort((a, b) => a.line - b.line);
  return {
    counts: plan?.counts ?? {
      families: { created: 0, updated: 0, unchanged: 0 },
      members: { created: 0, updated: 0, unchanged: 0 },
      groups: { created: 0 },
    },
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

/** Task Check: the dry run. */
export async function runCheck(task: ImportTask): Promise<ImportTask> {
  const record = await current(task, 'CHECKING');
  if (!record) return task;
  const bytes = await readObject(bucket(), record.fileKey);
  if (!bytes) {
    await moveImport(task.orgId, task.importId, ['CHECKING'], {
      status: 'FAILED',
      error: IMPORT_JOB_MESSAGES.notUploaded,
    });
    return task;
  }
  let reading: ImportReading;
  try {
    const options = record.options!;
    const mapping = Object.fromEntries(
      Object.entries(options.mapping).map(([index, target]) => [Number(index), target]),
    );
    reading = parseImport(await readSheet(bytes, record.fileName), {
      ...(options.preset ? { preset: options.preset } : {}),
      mapping,
      dateOrder: options.dateOrder,
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
  const stored = await readObject(bucket(), importPlanKey(task.orgId, task.importId));
  if (!stored) throw new Error('the import has no plan');
  const plan = JSON.parse(new TextDecoder().decode(stored)) as ImportPlan;
  const options = { importId: task.importId, invite: record.options?.invite ?? false };
  const total = plan.create.length + plan.update.length;
  if (task.from === 0) await createGroups(task.orgId, plan.groups, options);
  const to = Math.min(task.from + IMPORT_PAGE, total);
  const creates = plan.create.slice(task.from, to);
  const updates = plan.update.slice(Math.max(0, task.from - plan.create.length), Math.max(0, to - plan.create.length));
  const refused = [...(await createFamilies(creates)), ...(await updateFamilies(task.orgId, updates, options))];
  const last = to >= total;
  await moveImport(task.orgId, task.importId, ['WRITING'], {
    progress: { done: to, total },
    refused: [...record.refused, ...refused],
    ...(last ? { status: 'DONE' as const } : {}),
  });
  if (last) log.info('church imported', { ...task, families: total, refused: record.refused.length + refused.length });
  return { ...task, next: last ? null : to };
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
