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
import { checkedImport, confirmedImport, imported, settledImport, undone, uploadImport } from '../support/imports';
import { exportChurch } from '../support/exports';
import { addFamilyVia, createChurch, snapshotChurches, type Church } from '../support/fixtures';
import type { GetFamilyResult } from '../../lambdas/contract/api';

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

    const done = await confirmedImport(church.adminToken, uploaded.importId);
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

  it("keeps a family's listing, map location and privacy levels when the file has no columns for them", async () => {
    const fresh = await createChurch();
    const { familyId } = await addFamilyVia(fresh.adminToken, { surname: 'Quiet', phone: '919-555-0100' });
    const member = await call<{ id: string }>('addMember', {
      token: fresh.adminToken,
      body: { familyId, name: 'Ada', cellphone: '919-555-0101' },
    });
    const choices = {
      unlisted: true,
      approximateLocation: true,
      family: { phone: 'admins' },
      members: { [member.body.id]: { cellphone: 'groups' } },
    };
    expect(
      (await call('setFamilyPrivacy', { token: fresh.adminToken, params: { familyId }, body: choices })).status,
    ).toBe(200);
    const read = async () =>
      (await call<GetFamilyResult>('getFamily', { token: fresh.adminToken, params: { familyId } })).body.family;
    // Another program's spreadsheet: the family by surname, street and zip code, a new phone.
    const sheet = 'Last Name,First Name,Street,Zip Code,Home Phone\nQuiet,Ada,1 Oak Street,27601,919-555-0199\n';
    const done = await imported(fresh.adminToken, sheet);
    expect(done.check!.counts.families.updated).toBe(1);
    const family = await read();
    expect(family.phone).toBe('919-555-0199');
    expect(family.privacy).toMatchObject({ unlisted: true, approximateLocation: true, choices: { phone: 'admins' } });
    expect(family.members.find((m) => m.name === 'Ada')!.privacy?.choices).toEqual({ cellphone: 'groups' });
  });

  it('takes the last import back: the families it created go, a family it changed is as it was', async () => {
    const fresh = await createChurch();
    const { familyId } = await addFamilyVia(fresh.adminToken, { surname: 'Before', phone: '919-555-0100' });
    const read = async () =>
      (await call<GetFamilyResult>('getFamily', { token: fresh.adminToken, params: { familyId } })).body.family;
    const { csv } = await exportChurch(fresh.adminToken);
    // Its phone, and its place on the member map: near its address, not at it.
    const changed = csv.replace('919-555-0100', '919-555-0199').replace(',Exact,', ',Approximate,');
    const changing = await imported(fresh.adminToken, changed);
    expect(changing.check!.counts.families.updated).toBe(1);
    expect(await read()).toMatchObject({ phone: '919-555-0199', privacy: { approximateLocation: true } });
    expect((await undone(fresh.adminToken, changing.importId)).status).toBe('UNDONE');
    expect(await read()).toMatchObject({ phone: '919-555-0100', privacy: { approximateLocation: false } });

    const adding = await imported(fresh.adminToken, PEOPLE);
    expect(await surnames(fresh.adminToken)).toContain('García-Smith Household');
    const back = await undone(fresh.adminToken, adding.importId);
    expect(back.status, back.message).toBe('UNDONE');
    expect(await surnames(fresh.adminToken)).toEqual(['Before']);
    // Only the church's latest import can be undone.
    const old = await call('undoImport', { token: fresh.adminToken, params: { importId: changing.importId } });
    expect(old.status).toBe(404);
  });

  it('refuses to write a file that holds nothing new, and changes nothing', async () => {
    const fresh = await createChurch();
    await addFamilyVia(fresh.adminToken, { surname: 'Same' });
    const { csv } = await exportChurch(fresh.adminToken);
    const uploaded = await uploadImport(fresh.adminToken, csv);
    const checked = await checkedImport(fresh.adminToken, uploaded.importId);
    expect(checked.check!.counts.families.unchanged).toBe(1);
    const confirmed = await call('confirmImport', {
      token: fresh.adminToken,
      params: { importId: uploaded.importId },
    });
    expect(confirmed.status).toBe(400);
    expect(confirmed.body.error?.message).toBe(IMPORT_JOB_MESSAGES.nothing);
    expect((await settledImport(fresh.adminToken))!.status).toBe('CHECKED');
  });

  it('is not undone once a family it wrote changed since, and says how many', async () => {
    const fresh = await createChurch();
    const done = await imported(fresh.adminToken, PEOPLE);
    const list = await call<ListFamiliesResult>('listFamilies', { token: fresh.adminToken });
    const family = list.body.families[0]!;
    const edit = await call('updateFamily', {
      token: fresh.adminToken,
      params: { familyId: family.familyId },
      body: { surname: family.surname, phone: '919-555-0142', version: family.version },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const refused = await undone(fresh.adminToken, done.importId);
    expect(refused.status).toBe('DONE');
    expect(refused.undoRefused).toBe(IMPORT_JOB_MESSAGES.undoRefused(1));
    expect(await surnames(fresh.adminToken)).toContain(family.surname);
  });
});
