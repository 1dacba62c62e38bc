/**
 * The church's export as the Import and export page makes it, for the tests: started
 * (startExport), followed (listExports) until it ends, and downloaded.
 */
import { expect } from 'vitest';
import type { ExportView, ListExportsResult, StartExportResult } from '../../lambdas/contract/exports';
import { call } from './api';

/** The church's newest export once it has ended (null: the church never exported). */
export async function finishedExport(token: string, timeoutMs = 60_000): Promise<ExportView | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await call<ListExportsResult>('listExports', { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const newest = answer.body.exports[0] ?? null;
    if (newest?.status !== 'RUNNING') return newest;
    if (Date.now() > deadline) throw new Error('the export did not finish');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Exports the church: the export as it ended, and the file's text (with its byte-order mark). */
export async function exportChurch(token: string): Promise<{ export: ExportView; csv: string }> {
  const started = await call<StartExportResult>('startExport', { token });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const done = (await finishedExport(token))!;
  expect(done.jobId).toBe(started.body.export.jobId);
  expect(done.status, JSON.stringify(done)).toBe('SUCCEEDED');
  const response = await fetch(done.url!);
  expect(response.status).toBe(200);
  return { export: done, csv: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()) };
}
