/**
 * The Import and Export page's import: the file uploaded and checked, the dry run read (what
 * would be created, each line's problem), the import confirmed and followed to its end; a file
 * without column names mapped by hand and checked again; a refused start said in the server's words;
 * the groups files of a program that exports its groups apart, offered for that program only.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportCheck, ImportView } from '../../lambdas/contract/importJobs';
import { jsonResponse, POLLED, renderApp, routedFetch, signedInAs } from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

const check = (over: Partial<ImportCheck> = {}): ImportCheck => ({
  counts: {
    families: { created: 2, updated: 0, unchanged: 1 },
    members: { created: 3, updated: 0, unchanged: 2 },
    groups: { created: 1 },
    roles: { added: 2 },
  },
  newGroups: ['Choir'],
  refusal: null,
  needsMapping: null,
  columns: [
    { index: 0, header: 'Last Name', samples: ['Okafor'] },
    { index: 1, header: 'First Name', samples: ['Ada'] },
  ],
  mapping: [
    { index: 0, header: 'Last Name', target: 'lastName' },
    { index: 1, header: 'First Name', target: 'member.name' },
  ],
  problems: [{ line: 4, message: 'line 4: birthday 13/40/1990 is not a date (dates are read as month/day/year).' }],
  problemCount: 1,
  notes: [],
  noteCount: 0,
  duplicates: [],
  extraColumns: ['Gender'],
  ...over,
});

const view = (over: Partial<ImportView> = {}): ImportView => ({
  importId: 'imp-1',
  status: 'UPLOADED',
  fileName: 'people.csv',
  groupsFiles: [],
  startedBy: 'admin@grace.example',
  startedAt: '2026-11-27T10:00:00Z',
  options: null,
  check: null,
  progress: null,
  refused: [],
  invitationsWaiting: 0,
  undoRefused: null,
  message: 'people.csv is uploaded.',
  ...over,
});

beforeEach(() => {
  vi.clearAllMocks();
  signedInAs({ admin: true });
});
afterEach(() => vi.restoreAllMocks());

/** The API: getImport answers `reads` in turn (the last repeats); the upload's PUT answers 200. */
function importApi(reads: (ImportView | null)[]) {
  const api = routedFetch();
  let read = 0;
  api.api({
    'GET /api/exports': () => jsonResponse(200, { success: true, exports: [] }),
    'GET /api/imports/latest': () =>
      jsonResponse(200, { success: true, import: reads[Math.min(read++, reads.length - 1)] }),
    'POST /api/imports': () =>
      jsonResponse(200, {
        success: true,
        import: view(),
        url: 'https://exports.example/upload',
        headers: {},
        groupsFiles: [],
      }),
    'PUT https://exports.example/upload': () => new Response(null, { status: 200 }),
    'POST /api/imports/imp-1/check': () =>
      jsonResponse(200, { success: true, import: view({ status: 'CHECKING', message: 'Reading the file...' }) }),
    'POST /api/imports/imp-1/undo': () =>
      jsonResponse(200, { success: true, import: view({ status: 'UNDOING', message: 'Undoing the import...' }) }),
    'POST /api/imports/imp-1/confirm': () =>
      jsonResponse(200, {
        success: true,
        import: view({ status: 'WRITING', check: check(), message: 'Importing...' }),
      }),
  });
  return api;
}

const chooseFile = () => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['Last Name,First Name\nOkafor,Ada\n'], 'people.csv')] } });
};

/** The bodies PUT to `url`. */
const putTo = (api: ReturnType<typeof routedFetch>, url: string) =>
  api.fetchMock.mock.calls.filter(([to, init]) => to === url && init.method === 'PUT').map(([, init]) => init.body);

describe('Import families', () => {
  it('uploads and checks the file, shows what the import would do, then imports it to the end', async () => {
    const api = importApi([
      null,
      view({ status: 'CHECKED', check: check(), message: 'Checked: nothing is written until you import.' }),
      view({
        status: 'WRITING',
        check: check(),
        progress: { done: 1, total: 2 },
        message: 'Importing: 1 of 2 families...',
      }),
      view({
        status: 'DONE',
        check: check(),
        progress: { done: 2, total: 2 },
        message: 'Imported people.csv: 2 families written.',
      }),
    ]);
    renderApp('/admin/import-export');
    await screen.findByRole('heading', { name: 'Import families' });
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    const plan = await screen.findByRole('list', { name: 'What the import would do' }, POLLED);
    expect(plan.textContent).toContain('Create 2 families with 3 members, and 1 group');
    expect(screen.getByText(/line 4: birthday 13\/40\/1990 is not a date/)).toBeTruthy();
    expect(screen.getByText(/left out: Gender\./)).toBeTruthy();
    expect(api.calls('POST /api/imports')).toEqual([{ fileName: 'people.csv', size: 32, groupsFiles: [] }]);
    expect(api.calls('POST /api/imports/imp-1/check')[0]).toMatchObject({ preset: null, invite: false });
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 families' }));
    await screen.findByText('Imported people.csv: 2 families written.', {}, POLLED);
    expect(api.calls('POST /api/imports/imp-1/confirm')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'See the families' }).getAttribute('href')).toBe('/families');
  });

  it('offers groups files for a program that exports groups apart, uploads them beside the people file and shows their groups', async () => {
    const groupsCheck = check({
      counts: { ...check().counts, groups: { created: 2 }, roles: { added: 3 } },
      newGroups: ['Tuesday Bible Study', 'Worship Team'],
      notes: [{ line: 4, message: 'groupmembers.csv, line 4: nobody in the people file is p9; left out of Choir.' }],
      noteCount: 1,
    });
    const api = importApi([
      null,
      view({
        status: 'CHECKED',
        groupsFiles: ['groups.csv', 'groupmembers.csv'],
        check: groupsCheck,
        message: 'Checked.',
      }),
    ]);
    const groupsUpload = (n: number) => ({ url: `https://exports.example/groups-${n}`, headers: {} });
    api.api({
      'POST /api/imports': () =>
        jsonResponse(200, {
          success: true,
          import: view(),
          url: 'https://exports.example/upload',
          headers: {},
          groupsFiles: [groupsUpload(0), groupsUpload(1)],
        }),
      'PUT https://exports.example/groups-0': () => new Response(null, { status: 200 }),
      'PUT https://exports.example/groups-1': () => new Response(null, { status: 200 }),
    });
    renderApp('/admin/import-export');
    const from = await screen.findByRole('combobox', { name: 'Where the file comes from' });
    expect(screen.queryByLabelText('Groups file (optional)')).toBeNull();
    fireEvent.change(from, { target: { value: 'breeze' } });
    expect(screen.getByLabelText('Groups file (optional)')).toBeTruthy();
    fireEvent.change(from, { target: { value: 'planningCenter' } });
    expect(screen.queryByLabelText('Groups file (optional)')).toBeNull();
    fireEvent.change(from, { target: { value: 'churchApps' } });
    const field = screen.getByLabelText('Groups file (optional)');
    expect(field.getAttribute('accept')).toContain('.xlsx');
    expect(screen.getByText(/groups\.csv and groupmembers\.csv/)).toBeTruthy();
    chooseFile();
    const groups = new File(['importKey,name\ng1,Tuesday Bible Study\n'], 'groups.csv');
    const members = new File(['groupKey,personKey\ng1,p1\n'], 'groupmembers.csv');
    fireEvent.change(field, { target: { files: [groups, members] } });
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));

    const plan = await screen.findByRole('list', { name: 'What the import would do' }, POLLED);
    expect(plan.textContent).toContain('and 2 groups');
    expect(plan.textContent).toContain('Add 3 group memberships');
    expect(screen.getByText('Tuesday Bible Study')).toBeTruthy();
    expect(screen.getByText(/groupmembers\.csv, line 4: nobody in the people file is p9/)).toBeTruthy();
    expect(screen.getByText('With its groups files: groups.csv, groupmembers.csv')).toBeTruthy();
    expect(api.calls('POST /api/imports')).toEqual([
      {
        fileName: 'people.csv',
        size: 32,
        groupsFiles: [
          { fileName: 'groups.csv', size: groups.size },
          { fileName: 'groupmembers.csv', size: members.size },
        ],
      },
    ]);
    expect(putTo(api, 'https://exports.example/groups-0')).toEqual([groups]);
    expect(putTo(api, 'https://exports.example/groups-1')).toEqual([members]);
    expect(api.calls('POST /api/imports/imp-1/check')[0]).toMatchObject({ preset: 'churchApps' });
  });

  it('sends no groups files once the program chosen has none', async () => {
    const api = importApi([null, view({ status: 'CHECKED', check: check(), message: 'Checked.' })]);
    renderApp('/admin/import-export');
    const from = await screen.findByRole('combobox', { name: 'Where the file comes from' });
    fireEvent.change(from, { target: { value: 'breeze' } });
    fireEvent.change(screen.getByLabelText('Groups file (optional)'), {
      target: { files: [new File(['Person ID,Tag Name\n1,Choir\n'], 'tags.csv')] },
    });
    fireEvent.change(from, { target: { value: 'ours' } });
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    await screen.findByRole('list', { name: 'What the import would do' }, POLLED);
    expect(api.calls('POST /api/imports')[0].groupsFiles).toEqual([]);
  });

  it('asks for the columns of a file without their names, and checks it again with them', async () => {
    const unmapped = check({ needsMapping: 'This file has no row of column names.', mapping: [] });
    const api = importApi([view({ status: 'CHECKED', check: unmapped, message: unmapped.needsMapping! })]);
    renderApp('/admin/import-export');
    const columns = await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();
    fireEvent.change(within(columns).getByRole('combobox', { name: 'What Last Name holds' }), {
      target: { value: 'lastName' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await vi.waitFor(() => expect(api.calls('POST /api/imports/imp-1/check')).toHaveLength(1));
    expect(api.calls('POST /api/imports/imp-1/check')[0].mapping).toEqual({ 0: 'lastName' });
  });

  it('says a failed check in its own words, and a refused start in the server’s', async () => {
    const api = importApi([view({ status: 'FAILED', message: 'This file is not a CSV or Excel file we can read.' })]);
    api.api({
      'POST /api/imports': () =>
        jsonResponse(400, {
          error: { code: 'failed-precondition', message: 'An import is being checked or written.' },
        }),
    });
    renderApp('/admin/import-export');
    expect((await screen.findByRole('alert')).textContent).toContain('not a CSV or Excel file');
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    await screen.findByText('An import is being checked or written.');
  });

  it('undoes the last import once the administrator says yes', async () => {
    const done = view({
      status: 'DONE',
      progress: { done: 2, total: 2 },
      message: 'Imported people.csv: 2 families written.',
    });
    const api = importApi([done, view({ status: 'UNDONE', message: 'The import of people.csv was undone.' })]);
    renderApp('/admin/import-export');
    fireEvent.click(await screen.findByRole('button', { name: 'Undo this import' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(api.calls('POST /api/imports/imp-1/undo')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Undo this import' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, undo the import' }));
    await screen.findByText('The import of people.csv was undone.', {}, POLLED);
    expect(api.calls('POST /api/imports/imp-1/undo')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Undo this import' })).toBeNull();
  });

  it('counts the invitations that wait for the next days, and offers them only when asked', async () => {
    const api = importApi([
      view({ status: 'DONE', invitationsWaiting: 412, message: 'Imported people.csv: 300 families written.' }),
    ]);
    renderApp('/admin/import-export');
    await screen.findByText('412 invitations wait: your church sends at most 100 a day, so the last go out in 5 days.');
    chooseFile();
    fireEvent.click(screen.getByRole('checkbox', { name: /Invite the new members/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    await waitFor(() => expect(api.calls('POST /api/imports/imp-1/check')[0]).toMatchObject({ invite: true }));
  });
});
