/**
 * The export job's task (lambdas/tasks/churchExport.asl.json): Export writes the church's file
 * (transfer/exportRun.ts); MarkFailed, given the error Export ended with, ends the export FAILED.
 */
import { failExportRun, runExport, type ExportRef } from '../../transfer/exportRun';
import { defineTask } from '../../platform/wiring/task';

export type ExportStep = (ExportRef & { step: 'export' }) | (ExportRef & { step: 'fail'; error?: unknown });

export const handler = defineTask('churchExport/run', async (event: ExportStep) =>
  event.step === 'fail' ? failExportRun(event) : runExport(event),
);
