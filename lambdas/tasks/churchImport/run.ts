/**
 * The import job's tasks (lambdas/tasks/churchImport.asl.json), each state naming its step: Check
 * (the dry run), Write (one page of the plan), Undo (the import taken back) and MarkFailed (transfer/importRun.ts).
 */
import { failImportRun, runCheck, runUndo, runWrite, type ImportTask } from '../../transfer/importRun';
import { defineTask } from '../../platform/wiring/task';

export type ImportStep =
  | (ImportTask & { step: 'check' })
  | (ImportTask & { step: 'write' })
  | (ImportTask & { step: 'undo' })
  | (ImportTask & { step: 'fail'; error?: unknown });

export const handler = defineTask('churchImport/run', async (event: ImportStep) => {
  switch (event.step) {
    case 'check':
      return runCheck(event);
    case 'write':
      return runWrite(event);
    case 'undo':
      return runUndo(event);
    case 'fail':
      return failImportRun(event);
    default:
      throw new Error(`No step ${JSON.stringify((event as { step?: unknown }).step)} in the import job`);
  }
});
