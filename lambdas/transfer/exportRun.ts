/**
 * The export job's task (lambdas/tasks/churchExport): reads the whole church (its families with
 * their members, its groups with their roles and its privacy item: as many Queries as its size
 * needs, side by side), writes its rows as one CSV into the exports bucket and finishes the
 * record with what the file holds; or, given the error, ends the record FAILED. At the church
 * maximum (20,000 families) the file is some 20 MB, far inside a Lambda's memory.
 */
import { env } from '../platform/env';
import { log } from '../platform/log';
import { writeObject } from '../platform/aws/s3-objects';
import { HEADERS } from '../contract/transfer';
import { readDirectory } from '../directory/repos/directory';
import { readGroups } from '../groups/repos/groups';
import { exportRows } from './exportRows';
import { toCsv } from '../contract/csv';
import { exportFileKey } from './transferKeys';
import { failExport, finishExport, type ExportRef } from './repos/exports';

export type { ExportRef };

export async function runExport(ref: ExportRef): Promise<ExportRef & { rows: number }> {
  // Each step's milliseconds go in the log line: where a slow export spends its time.
  const ms: Record<string, number> = {};
  let last = performance.now();
  const lap = (step: string) => {
    const now = performance.now();
    ms[step] = Math.round(now - last);
    last = now;
  };
  const [families, { groups, church }] = await Promise.all([readDirectory(ref.orgId), readGroups(ref.orgId)]);
  lap('read');
  const { rows, counts } = exportRows({ families, groups, church });
  lap('rows');
  const file = new TextEncoder().encode(toCsv(HEADERS, rows));
  lap('csv');
  const key = exportFileKey(ref.orgId, ref.jobId);
  await writeObject(env('EXPORTS_BUCKET'), key, file, 'text/csv; charset=utf-8');
  lap('write');
  await finishExport(ref, key, counts);
  lap('finish');
  log.info('church exported', { ...ref, ...counts, bytes: file.length, ms });
  return { ...ref, rows: counts.rows };
}

export async function failExportRun(task: ExportRef & { error?: unknown }): Promise<ExportRef> {
  log.error('church export failed', { ...task, error: JSON.stringify(task.error ?? null).slice(0, 500) });
  await failExport(task);
  return { orgId: task.orgId, startedAt: task.startedAt, jobId: task.jobId };
}
