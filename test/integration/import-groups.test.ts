/**
 * The import's groups files (Breeze's tags export, ChurchApps' groups and group members), through
 * the API and the local Step Functions: uploaded beside the people file, read by the check (the
 * groups it would create, the memberships it would add, a line it leaves out named with its file),
 * written with the families and undone with them; a groups file that did not arrive or cannot be
 * read fails the check naming it, and bad uploads are refused with nothing written.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_JOB_MESSAGES, type ImportUploadResult } from '../../lambdas/contract/importJobs';
import { IMPORT_MESSAGES, MAX_GROUPS_FILES, MAX_IMPORT_BYTES } from '../../lambdas/contract/imports';
import { call } from '../support/api';
import { createChurch, snapshotChurches, snapshotStorage, type Church } from '../support/fixtures';
import { groupsWithRoles } from '../support/groups';
import { checkedImport, settledImport, uploadImport, type TextFile } from '../support/imports';

const fixture = (name: string, fileName = name): TextFile => ({
  fileName,
  text: readFileSync(`test/fixtures/import/${name}`, 'utf8'),
});

/** The churches' records, but for the import's own record (which the check moves on). */
const directories = async () =>
  (JSON.parse(await snapshotChurches()) as string[]).filter((item) => !item.includes('"type":"IMPORT"'));

/** Each group of the church with its members' names, by group name. */
async function groupsOf(token: string): Promise<Record<string, string[]>> {
  const answer = await groupsWithRoles(token);
  expect(answer.status).toBe(200);
  return Object.fromEntries(answer.body.groups.map((g) => [g.groupName, g.roles.map((r) => r.memberName).sort()]));
}

/** Uploads the people file and its groups files with the program's choices, checks and writes it: the import as checked. */
async function imported(church: Church, preset: 'breeze' | 'churchApps', people: TextFile, groups: TextFile[]) {
  const uploaded = await uploadImport(church.adminToken, people.text, people.fileName, groups);
  expect(uploaded.groupsFiles).toEqual(groups.map((g) => g.fileName));
  const checked = await checkedImport(church.adminToken, uploaded.importId, { preset });
  expect(checked.status, checked.message).toBe('CHECKED');
  expect(await groupsOf(church.adminToken)).toEqual({});
  const confirmed = await call('confirmImport', { token: church.adminToken, params: { importId: uploaded.importId } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const done = (await settledImport(church.adminToken))!;
  expect(done.status, done.message).toBe('DONE');
  return checked;
}

describe('the import of groups files', () => {
  let church: Church;

  beforeAll(async () => {
    church = await createChurch();
  });

  it("imports Breeze's people with its tags file: the tags become groups with their members", async () => {
    const fresh = await createChurch();
    const checked = await imported(fresh, 'breeze', fixture('breeze.csv'), [fixture('breeze-tags.csv', 'tags.csv')]);
    expect(checked.check!.counts.groups).toEqual({ created: 3 });
    // Mary in Choir and Ushers, Peter in Choir (their rows), Lily in Youth (the tags file).
    expect(checked.check!.counts.roles).toEqual({ added: 4 });
    expect(checked.check!.newGroups).toEqual(['Choir', 'Ushers', 'Youth']);
    expect(checked.check!.notes.map((n) => n.message)).toContain(
      'tags.csv, line 3: nobody in the people file is 2004; left out of Choir.',
    );
    expect(await groupsOf(fresh.adminToken)).toEqual({
      Choir: ['Mary Jones', 'Peter Jones'],
      Ushers: ['Mary Jones'],
      Youth: ['Lily Jones'],
    });
  });

  it("imports ChurchApps' people with its groups and group members files, and undoes them together", async () => {
    const fresh = await createChurch();
    const groups = [
      fixture('churchapps-groups.csv', 'groups.csv'),
      fixture('churchapps-groupmembers.csv', 'groupmembers.csv'),
    ];
    const checked = await imported(fresh, 'churchApps', fixture('churchapps-people.csv'), groups);
    expect(checked.check!.counts.groups).toEqual({ created: 2 });
    expect(checked.check!.counts.roles).toEqual({ added: 3 });
    expect(await groupsOf(fresh.adminToken)).toEqual({
      'Tuesday Bible Study': ['Hana Kim', 'Joon Kim'],
      'Worship Team': ['Luis Diaz'],
    });
    const { importId } = (await settledImport(fresh.adminToken))!;
    expect((await call('undoImport', { token: fresh.adminToken, params: { importId } })).status).toBe(200);
    expect((await settledImport(fresh.adminToken))!.status).toBe('UNDONE');
    expect(await groupsOf(fresh.adminToken)).toEqual({});
  });

  it('fails the check naming a groups file that cannot be read or did not arrive, and writes nothing', async () => {
    const people = fixture('breeze.csv');
    const broken = await uploadImport(church.adminToken, people.text, people.fileName, [
      { fileName: 'tags.xlsx', text: 'Person ID,Tag Name\n2001,Choir\n' },
    ]);
    const before = await directories();
    const failed = await checkedImport(church.adminToken, broken.importId, { preset: 'breeze' });
    expect(failed.status).toBe('FAILED');
    expect(failed.message).toBe(`tags.xlsx: ${IMPORT_MESSAGES.damagedWorkbook}`);

    // The groups file's upload handed out, only the people file sent.
    const bytes = new TextEncoder().encode(people.text);
    const upload = await call<ImportUploadResult>('createImportUpload', {
      token: church.adminToken,
      body: { fileName: 'people.csv', size: bytes.length, groupsFiles: [{ fileName: 'tags.csv', size: 10 }] },
    });
    expect(upload.status).toBe(200);
    const put = await fetch(upload.body.url, { method: 'PUT', headers: upload.body.headers, body: bytes });
    expect(put.status).toBe(200);
    const missing = await checkedImport(church.adminToken, upload.body.import.importId, { preset: 'breeze' });
    expect(missing.status).toBe('FAILED');
    expect(missing.message).toBe(`tags.csv: ${IMPORT_JOB_MESSAGES.notUploaded}`);
    expect(await directories()).toEqual(before);
  });

  it.each([
    [
      'too many',
      Array.from({ length: MAX_GROUPS_FILES + 1 }, (_, i) => ({ fileName: `g${i}.csv`, size: 10 })),
      IMPORT_JOB_MESSAGES.groupsFiles,
    ],
    ['not a list', 'tags.csv', IMPORT_JOB_MESSAGES.groupsFiles],
    ['of a type we cannot read', [{ fileName: 'tags.xls', size: 10 }], IMPORT_JOB_MESSAGES.groupsFileName],
    ['too large', [{ fileName: 'tags.csv', size: MAX_IMPORT_BYTES + 1 }], IMPORT_JOB_MESSAGES.groupsFileSize],
    ['empty', [{ fileName: 'tags.csv', size: 0 }], IMPORT_JOB_MESSAGES.groupsFileSize],
  ])('refuses groups files %s with a clear message, and writes nothing', async (_what, groupsFiles, message) => {
    const before = await snapshotStorage();
    const answer = await call('createImportUpload', {
      token: church.adminToken,
      body: { fileName: 'people.csv', size: 10, groupsFiles },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(message);
    expect(await snapshotStorage()).toEqual(before);
  });
});
