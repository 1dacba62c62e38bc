/**
 * The church's import as the Import and Export page makes it, for the tests: a file and its groups
 * files uploaded (createImportUpload, then a PUT each), checked (checkImport) and written
 * (confirmImport), each followed (getImport) until its job has ended. One way for every test file
 * (the security matrix's rules, the hostile-input cases, the import tests), so they all start an
 * import alike.
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

/** A file the tests upload: its name and text. */
export interface TextFile {
  fileName: string;
  text: string;
}

/** Uploads `text` as `fileName`, with its groups files: the import, UPLOADED. */
export async function uploadImport(
  token: string,
  text: string,
  fileName = 'people.csv',
  groupsFiles: TextFile[] = [],
): Promise<ImportView> {
  const files = [{ fileName, text }, ...groupsFiles].map((f) => ({
    fileName: f.fileName,
    bytes: new TextEncoder().encode(f.text),
  }));
  const sized = files.map((f) => ({ fileName: f.fileName, size: f.bytes.length }));
  const upload = await call<ImportUploadResult>('createImportUpload', {
    token,
    body: { ...sized[0], groupsFiles: sized.slice(1) },
  });
  expect(upload.status, JSON.stringify(upload.body)).toBe(200);
  for (const [i, to] of [upload.body, ...upload.body.groupsFiles].entries()) {
    const put = await fetch(to.url, { method: 'PUT', headers: to.headers, body: files[i]!.bytes });
    expect(put.status).toBe(200);
  }
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

/** An import of `text`, uploaded and checked (with these choices): the check as it ended. */
export async function checkedFile(
  token: string,
  text: string,
  body: Partial<CheckImportInput> = {},
): Promise<ImportView> {
  const { importId } = await uploadImport(token, text);
  return checkedImport(token, importId, body);
}

/** Confirms the checked import: the import as its write ended. */
export async function confirmedImport(token: string, importId: string): Promise<ImportView> {
  const confirmed = await call('confirmImport', { token, params: { importId } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return (await settledImport(token))!;
}

/** An import of `text`, uploaded, checked and confirmed: the import as its write ended. */
export async function writtenImport(
  token: string,
  text: string,
  body: Partial<CheckImportInput> = {},
): Promise<ImportView> {
  return confirmedImport(token, (await checkedFile(token, text, body)).importId);
}

/** The same, and it ended DONE. */
export async function imported(token: string, text: string, body: Partial<CheckImportInput> = {}) {
  const done = await writtenImport(token, text, body);
  expect(done.status, done.message).toBe('DONE');
  return done;
}

/** Undoes the church's import: the import as the undo ended it. */
export async function undone(token: string, importId: string) {
  expect((await call('undoImport', { token, params: { importId } })).status).toBe(200);
  return (await settledImport(token))!;
}
