/**
 * The Import and Export page's export: the church's exports listed (or none yet), Export CSV
 * followed until the file is made and then downloaded, a failed export and a refused start said
 * plainly, and the page kept from members.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExportView } from '../../lambdas/contract/exports';
import { jsonResponse, POLLED, renderApp, routedFetch, signedInAs } from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

const URL_OK = 'https://exports.example/exports/org-1/csv/job-1.csv?X-Amz-Signature=abc';

const anExport = (over: Partial<ExportView> = {}): ExportView => ({
  jobId: 'job-1',
  status: 'RUNNING',
  startedBy: 'admin@grace.example',
  startedAt: '2026-11-27T10:00:00Z',
  finishedAt: null,
  counts: null,
  url: null,
  message: 'Making the file...',
  ...over,
});

const made = anExport({
  status: 'SUCCEEDED',
  finishedAt: '2026-11-27T10:00:05Z',
  counts: { rows: 3, families: 2, members: 3, groups: 1 },
  url: URL_OK,
  message: '3 rows: 2 families, 3 members, 1 groups.',
});

let downloads: { href: string; download: string }[];

beforeEach(() => {
  vi.clearAllMocks();
  signedInAs({ admin: true });
  downloads = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ href: this.href, download: this.download });
  });
});
afterEach(() => vi.restoreAllMocks());

/** listExports answers `lists` in turn (the last repeats). */
function exportsApi(
  lists: ExportView[][],
  start = () => jsonResponse(200, { success: true, joined: false, export: anExport() }),
) {
  const api = routedFetch();
  let read = 0;
  api.api({
    // The page's import section: the church never imported.
    'GET /api/imports/latest': () => jsonResponse(200, { success: true, import: null }),
    'GET /api/exports': () => jsonResponse(200, { success: true, exports: lists[Math.min(read++, lists.length - 1)] }),
    'POST /api/exports': start,
  });
  return api;
}

describe('Export the directory', () => {
  it('says when the church has no exports yet', async () => {
    exportsApi([[]]);
    renderApp('/admin/import-export');
    await screen.findByText('No exports yet.');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('makes the file, shows it being made, then downloads church-directory.csv and lists it', async () => {
    const api = exportsApi([[], [anExport()], [made]]);
    renderApp('/admin/import-export');
    await screen.findByText('No exports yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('The file is ready: 3 rows: 2 families, 3 members, 1 groups.', {}, POLLED);
    expect(api.calls('POST /api/exports')).toHaveLength(1);
    expect(downloads).toEqual([{ href: URL_OK, download: 'church-directory.csv' }]);
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(URL_OK);
    expect(screen.getByText(/by admin@grace\.example/)).toBeTruthy();
  });

  it('says so when the export failed, and downloads nothing', async () => {
    exportsApi([[], [anExport({ status: 'FAILED', message: 'The export failed. Please try again.' })]]);
    renderApp('/admin/import-export');
    await screen.findByText('No exports yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert', {}, POLLED)).textContent).toContain(
      'The export failed. Please try again.',
    );
    expect(downloads).toEqual([]);
  });

  it('gives the server’s words when the start is refused', async () => {
    exportsApi([[]], () =>
      jsonResponse(429, {
        error: { code: 'resource-exhausted', message: 'Your church is saving a great many changes at once.' },
      }),
    );
    renderApp('/admin/import-export');
    await screen.findByText('No exports yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toContain('a great many changes');
  });

  it('is kept from members', async () => {
    signedInAs({});
    exportsApi([[]]);
    renderApp('/admin/import-export');
    await screen.findByText(/Access Denied/i);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });
});
