/**
 * The church's import through the API and the local Step Functions (issue 31, parts 2 and 3): a
 * file uploaded and checked (the dry run: what would be created, every line's problem, nothing
 * written), then confirmed and written page by page; a file that cannot be read says why and
 * writes nothing; the import is not confirmed before its check, nor by another church.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListFamiliesResult } from '../../lambdas/contract/api';
import { IMPORT_JOB_MESSAGES } from '../../lambdas/contract/importJobs';
import { IMPORT_MESSAGES } from '../../lambdas/contract/imports';
import { call } from '../support/api';
import { checkedImport, settledImport, uploadImport } from '../support/imports';
import { createChurch, snapshotChurches, type Church } from '../support/fixtures';

const PEOPLE = readFileSync('test/fixtures/import/planning-center.csv', 'utf8');

/** The churches' records, but for the import's own record (which the check moves on). */
const directories = async () =>
  (JSON.parse(await snapshotChurches()) as string[]).filter((item) => !item.includes('"type":"IMPORT"'));

const surnames = async (token: string) =>
  (await call<ListFamiliesResult>('listFamilies', { token })).body.families.map((f) => f.surname);

describe('the church import', () => {
  let church: Church;
  let other: Church;

  beforeAll(async () => {
    [church, other] = await Promise.all([createChurch(), createChurch()]);
  });

  it('checks the file without writing, then writes it once confirmed', async () => {
    const uploaded = await uploadImport(church.adminToken, PEOPLE);
    expect(uploaded.status).toBe('UPLOADED');
    const before = await directories();
    const checked = await checkedImport(church.adminToken, uploaded.importId);
    expect(checked.status, checked.message).toBe('CHECKED');
    expect(checked.check!.counts.families.created).toBeGreaterThan(0);
    expect(checked.check!.problems.some((p) => /^line \d+: /.test(p.message))).toBe(true);
    expect(await directories()).toEqual(before);
    expect(await surnames(church.adminToken)).toEqual([]);

    const confirmed = await call('confirmImport', {
      token: church.adminToken,
      params: { importId: uploaded.importId },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const done = (await settledImport(church.adminToken))!;
    expect(done.status, done.message).toBe('DONE');
    expect(done.progress).toEqual({
      done: checked.check!.counts.families.created,
      total: checked.check!.counts.families.created,
    });
    expect(await surnames(church.adminToken)).toContain('García-Smith Household');
    expect(await surnames(other.adminToken)).toEqual([]);
  });

  it('says why a file cannot be read, and writes nothing', async () => {
    const before = await directories();
    const uploaded = await uploadImport(church.adminToken, randomBytes(4096).toString('latin1'));
    const failed = await checkedImport(church.adminToken, uploaded.importId);
    expect(failed.status).toBe('FAILED');
    expect(failed.message).toBe(IMPORT_MESSAGES.unreadable);
    expect(await directories()).toEqual(before);
  });

  it('is not confirmed before its check, nor by another church', async () => {
    const uploaded = await uploadImport(church.adminToken, PEOPLE);
    const early = await call('confirmImport', { token: church.adminToken, params: { importId: uploaded.importId } });
    expect(early.status).toBe(400);
    expect(early.body.error?.message).toBe(IMPORT_JOB_MESSAGES.notChecked);
    const elsewhere = await call('confirmImport', { token: other.adminToken, params: { importId: uploaded.importId } });
    expect(elsewhere.status).toBe(404);
    const tooBig = await call('createImportUpload', {
      token: church.adminToken,
      body: { fileName: 'people.csv', size: 26 * 1024 * 1024 },
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error?.message).toBe(IMPORT_JOB_MESSAGES.size);
  });
});
