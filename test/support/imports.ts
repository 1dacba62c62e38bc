/**
 * The church's import as the Import and Export page makes it, for the tests: a file uploaded
 * (createImportUpload, then the PUT), checked (checkImport) and written (confirmImport), each
 * followed (getImport) until its job has ended. One way for every test file (the security
 * matrix's rules, the hostile-input cases, the import tests), so they all start an import alike.
 */
import { expect } from 'vitest';
import type {
  CheckImportInput,
  GetImportResult,
  ImportUploadResult,
  ImportView,
} from '../../lambdas/contract/importJobs';
import { call, jobWhenEnded } from './api';

export const CHECK_DEFAULTS: CheckImportInput = { preset: null, mapping: {}, dateOrder: 'mdy', invite: false };

/** Uploads `text` as `fileName`: the import, UPLOADED. */
export async function uploadImport(token: string, text: string, fileName = 'people.csv'): Promise<ImportView> {
  const bytes = new TextEncoder().encode(text);
  const upload = await call<ImportUploadResult>('createImportUpload', {
    token,
    body: { fileName, size: bytes.length },
  });
  expect(upload.status, JSON.stringify(upload.body)).toBe(200);
  const put = await fetch(upload.body.url, { method: 'PUT', headers: upload.body.headers, body: bytes });
  expect(put.status).toBe(200);
  return upload.body.import;
}

/** The church's import once its job (if any) has ended. */
export const settledImport = (token: string, timeoutMs = 60_000): Promise<ImportView | null> =>
  jobWhenEnded(
    'getImport',
    token,
    (body: GetImportResult) => body.import,
    (found) => ['CHECKING', 'WRITING', 'UNDOING'].includes(found?.status ?? ''),
    timeoutMs,
  );

/** Checks the uploaded import: the dry run as it ended. */
export async function checkedImport(token: string, importId: string, body: Partial<CheckImportInput> = {}) {
  const started = await call('checkImport', { token, params: { importId }, body: { ...CHECK_DEFAULTS, ...body } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return (await settledImport(token))!;
}

/** An import of `text`, uploaded and checked (with the defaults): the check as it ended. */
export async function checkedFile(token: string, text: string): Promise<ImportView> {
  const { importId } = await uploadImport(token, text);
  return checkedImport(token, importId);
}

/** Confirms the checked import: the import as its write ended. */
export async function confirmedImport(token: string, importId: string): Promise<ImportView> {
  const confirmed = await call('confirmImport', { token, params: { importId } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return (await settledImport(token))!;
}

/** An import of `text`, uploaded, checked and confirmed: the import as its write ended. */
export async function writtenImport(token: string, text: string): Promise<ImportView> {
  return confirmedImport(token, (await checkedFile(token, text)).importId);
}
