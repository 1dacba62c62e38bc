/**
 * The super-admin's pages (/admin/data-audit and /admin/org) rendered in the real app with
 * the network stubbed: the gate and its Access Denied texts, the report's running and result
 * states (badge, categories split at capitals, '-' for empty cells), a report that survives a
 * reload, the organisations table (count, dates, 'N/A', 'Invalid Date') and the deletion modal.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IntegrityReportResult, JobView, OrganizationListItem } from '../../lambdas/contract/jobs';
import { formatOrgDate } from '../../web/src/features/admin/OrgManagementPage';
import { makeAdminConfirmText } from '../../web/src/features/admin/OrgAdminsModal';
import { setConfig } from '../../web/src/lib/config';
import { auth, currentPath, jsonResponse, POLLED, renderApp, signedInAs, stubFetch } from './helpers';

import { OPERATOR_TOTP_REASON } from '../../web/src/features/profile/operatorTotp';
import { OPERATOR_SIGN_IN_AGAIN, OPERATOR_TOTP_UNRECORDED } from '../../lambdas/contract/mfa';

vi.mock('aws-amplify/auth', () => import('./authMock'));

const OPERATOR = 'super@directory.local';

const job = (over: Partial<JobView>): JobView => ({
  jobId: 'job-1',
  kind: 'integrityReport',
  status: 'RUNNING',
  startedAt: '2026-05-01T10:00:00.000Z',
  finishedAt: null,
  progress: { items: 0, pages: 0 },
  report: null,
  deletion: null,
  error: null,
  ...over,
});

const REPORT: IntegrityReportResult = {
  success: true,
  message: 'Data integrity report complete. Found 3 issues.',
  totalIssues: 3,
  issuesByCollection: { member: 2, authUsers: 1, role: 0 },
  issues: [
    {
      collectionName: 'authUsers',
      documentId: 'sub-9',
      reason: 'Sign-in account has no user record.',
      problematicOrgId: null,
      referencedField: 'email',
      referencedValue: 'lost@example.org',
    },
    {
      collectionName: 'member',
      documentId: 'm-1',
      reason: 'Member refers to a family that does not exist.',
      problematicOrgId: 'org-1',
      referencedField: 'familyId',
      referencedValue: 'f-9',
    },
    {
      collectionName: 'member',
      documentId: 'm-2',
      reason: 'Birthday is not in MM/DD format.',
      problematicOrgId: 'org-1',
      referencedField: 'birthday',
      referencedValue: '',
    },
  ],
};

beforeEach(() => {
  vi.clearAllMocks();
  window.localStorage.clear();
  setConfig({
    region: 'us-east-1',
    userPoolId: 'us-east-1_test',
    userPoolClientId: 'test-client',
    signInFlow: 'USER_SRP_AUTH',
    apiBase: '',
    mapStyle: '',
    superAdminEmail: OPERATOR,
  });
  signedInAs({ email: 'Super@Directory.Local' });
  auth.fetchMFAPreference.mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('super-admin gate', () => {
  it('shows each page’s Access Denied text to an admin who is not the super-admin, and calls nothing', async () => {
    signedInAs({ admin: true, email: 'admin@grace.example' });
    const fetchMock = stubFetch(() => jsonResponse(500, {}));
    renderApp('/admin/data-audit');
    await screen.findByRole('heading', { level: 1, name: 'Access Denied' });
    expect(
      screen.getByText('You do not have the necessary permissions to view this page or perform this action.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Data Audit' })).toBeNull();
    expect(screen.getByRole('link', { name: 'User Management' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uses the organisation page’s own Access Denied text', async () => {
    signedInAs({ admin: true, email: 'admin@grace.example' });
    stubFetch(() => jsonResponse(500, {}));
    renderApp('/admin/org');
    await screen.findByRole('heading', { level: 1, name: 'Access Denied' });
    expect(screen.getByText('You do not have permission to view this page.')).toBeTruthy();
  });

  it('refuses the configured address while it is not verified, and sends a signed-out visitor to /login', async () => {
    signedInAs({ email: OPERATOR, verified: false });
    stubFetch(() => jsonResponse(500, {}));
    const first = renderApp('/admin/org');
    await screen.findByRole('heading', { name: 'Email Verification Required' });
    first.unmount();
    signedInAs(null);
    renderApp('/admin/data-audit');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(currentPath()).toBe('/login');
  });

  it.each(['/admin/org', '/admin/data-audit'])(
    'sends a super-admin without two-step sign-in from %s to My Profile, which says why, and calls nothing',
    async (path) => {
      auth.fetchMFAPreference.mockResolvedValue({});
      const fetchMock = stubFetch(() => jsonResponse(200, { organizations: [], success: true, message: '' }));
      renderApp(path);
      await screen.findByRole('heading', { level: 1, name: 'Your Profile' });
      expect(currentPath()).toBe('/profile');
      expect(await screen.findByText(OPERATOR_TOTP_REASON)).toBeTruthy();
      // The reason shows while the account's two-step setting is still loading; the button after it.
      expect(await screen.findByRole('button', { name: 'Set up two-step sign-in' })).toBeTruthy();
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/admin'))).toBe(false);
    },
  );

  it('links both pages in the navigation for the super-admin (e-mail compared case-insensitively)', async () => {
    // As the operator's account is: in a church's pool, linked to no member of it.
    signedInAs({ email: 'Super@Directory.Local', memberId: '', familyId: '' });
    stubFetch(() => jsonResponse(200, { organizations: [], success: true, message: '' }));
    renderApp('/admin/org');
    await screen.findByRole('heading', { level: 1, name: 'Organization Management' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Data Audit' }).getAttribute('href')).toBe('/admin/data-audit');
    expect(within(nav).getByRole('link', { name: 'Organizations' }).getAttribute('href')).toBe('/admin/org');
    // In no church's directory (no member, not an administrator): no links to pages that lead back here.
    for (const name of ['Dashboard', 'Families', 'Groups'])
      expect(within(nav).queryByRole('link', { name })).toBeNull();
  });
});

describe('data integrity report page', () => {
  it('runs the report: token refreshed, Generating Report... with the several-minutes note, then the result', async () => {
    let polls = 0;
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/admin/integrity-reports' && init.method === 'POST')
        return jsonResponse(200, { success: true, message: 'Generating Report...', jobId: 'job-1', status: 'RUNNING' });
      if (url === '/api/admin/jobs/job-1') {
        polls++;
        return jsonResponse(
          200,
          polls === 1
            ? job({ progress: { items: 1234, pages: 1 } })
            : job({ status: 'SUCCEEDED', finishedAt: '2026-05-01T10:01:00.000Z', report: REPORT }),
        );
      }
      return jsonResponse(500, {});
    });
    renderApp('/admin/data-audit');
    await userEvent.click(await screen.findByRole('button', { name: 'Run Data Integrity Report' }));
    expect(auth.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
    await screen.findByText('Generating Report...');
    expect(screen.getByText(/may take several minutes/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Run Data Integrity Report' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await screen.findByText('1,234 items checked so far.');

    await screen.findByText('Data integrity report complete. Found 3 issues.', {}, POLLED);
    const badge = screen.getByText('3', { selector: '.DataAuditPage_issue-badge' });
    expect(badge.className).toContain('DataAuditPage_issue-badge--bad');
    const categories = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(categories).toEqual(expect.arrayContaining(['member: 2', 'auth Users: 1']));
    expect(categories.some((c) => c?.startsWith('role'))).toBe(false);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'Category/Collection', 'Document/User ID', 'Reason', 'OrgId', 'Ref. Field', 'Ref. Value']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'auth Users', 'sub-9', 'Sign-in account has no user record.', '-', 'email', 'lost@example.org']);
    expect(within(rows[2]!).getAllByRole('cell').at(-1)!.textContent).toBe('-');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/integrity-reports')).toHaveLength(1);
    expect(window.localStorage.getItem('church-directory.job.integrityReport')).toContain('job-1');
  });

  it('shows the last report again after a reload, without starting another', async () => {
    window.localStorage.setItem('church-directory.job.integrityReport', JSON.stringify({ jobId: 'job-1' }));
    const clean = {
      ...REPORT,
      message: 'Data integrity report complete. No issues found.',
      totalIssues: 0,
      issuesByCollection: {},
      issues: [],
    };
    const fetchMock = stubFetch((url) =>
      url === '/api/admin/jobs/job-1'
        ? jsonResponse(200, job({ status: 'SUCCEEDED', report: clean }))
        : jsonResponse(500, {}),
    );
    renderApp('/admin/data-audit');
    await screen.findByText('No data integrity issues found. Everything looks good!');
    expect(screen.getByText('0', { selector: '.DataAuditPage_issue-badge' }).className).toContain(
      'DataAuditPage_issue-badge--ok',
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(fetchMock.mock.calls.every(([url]) => url === '/api/admin/jobs/job-1')).toBe(true);
  });

  it('says why a report could not run or finish', async () => {
    stubFetch((url) =>
      url === '/api/admin/integrity-reports'
        ? jsonResponse(403, {
            error: { code: 'permission-denied', message: 'You are not authorized to perform this action.' },
          })
        : jsonResponse(500, {}),
    );
    renderApp('/admin/data-audit');
    await userEvent.click(await screen.findByRole('button', { name: 'Run Data Integrity Report' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You are not authorized to perform this action.');

    auth.fetchAuthSession.mockRejectedValueOnce(new Error('offline'));
    await userEvent.click(screen.getByRole('button', { name: 'Run Data Integrity Report' }));
    await screen.findByText(/Failed to refresh authentication token/);
  });

  it("reports a failed job: 'Failed to generate report.' and the job's error", async () => {
    window.localStorage.setItem('church-directory.job.integrityReport', JSON.stringify({ jobId: 'job-1' }));
    stubFetch(() => jsonResponse(200, job({ status: 'FAILED', error: 'The table is gone.' })));
    renderApp('/admin/data-audit');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to generate report. Error (internal): The table is gone.',
    );
  });
});

describe('organisation management page', () => {
  const ORGS: OrganizationListItem[] = [
    {
      id: 'org-b',
      orgName: 'Bethel Church',
      cDate: '2026-02-03T15:04:00.000Z',
      contactName: 'Ann Admin',
      contactEmail: 'ann@bethel.example',
      expire: '2027-02-03T15:04:00.000Z',
      appInstalls: { ios: 3, android: 5 },
    },
    {
      id: 'org-a',
      orgName: 'Antioch Fellowship',
      cDate: null,
      contactName: null,
      contactEmail: null,
      expire: 'not a date',
      appInstalls: { ios: 0, android: 0 },
    },
  ];

  it('formats dates as local date and time, N/A when absent, Invalid Date when unparseable', () => {
    expect(formatOrgDate('2026-02-03T15:04:00.000Z')).toBe(new Date('2026-02-03T15:04:00.000Z').toLocaleString());
    expect(formatOrgDate({ seconds: 1_770_000_000, nanoseconds: 0 })).toBe(
      new Date(1_770_000_000_000).toLocaleString(),
    );
    expect(formatOrgDate(null)).toBe('N/A');
    expect(formatOrgDate(undefined)).toBe('N/A');
    expect(formatOrgDate('soon')).toBe('Invalid Date');
  });

  it('lists organisations with the count in the header', async () => {
    stubFetch((url) =>
      url === '/api/admin/organizations'
        ? jsonResponse(200, { success: true, message: '', organizations: ORGS })
        : jsonResponse(500, {}),
    );
    renderApp('/admin/org');
    await screen.findByRole('heading', { level: 2, name: 'Organizations (2)' });
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Org Name',
      'Org ID',
      'Created At',
      'Contact Name',
      'Contact Email',
      'Expires At',
      'App Installs',
      'Actions',
    ]);
    expect(rows[1]!.textContent).toContain('iOS 3, Android 5');
    expect(rows[2]!.textContent).toContain('N/A');
    expect(rows[2]!.textContent).toContain('Invalid Date');
    expect(rows[1]!.textContent).toContain(new Date('2026-02-03T15:04:00.000Z').toLocaleString());
  });

  it('shows the empty text, and the load error texts', async () => {
    stubFetch(() => jsonResponse(200, { success: true, message: '', organizations: [] }));
    const first = renderApp('/admin/org');
    await screen.findByText('No organizations found or you might not be authorized to view them.');
    first.unmount();
    stubFetch(() => jsonResponse(403, { error: { code: 'permission-denied', message: 'no' } }));
    renderApp('/admin/org');
    expect((await screen.findByRole('alert')).textContent).toContain('Unauthorized to fetch organizations.');
  });

  it('deletes only after the exact organisation id is typed, shows progress, then the counts, and reloads the list', async () => {
    let polls = 0;
    // The order of list reads and job reads: the list is read again once the job has ended.
    const reads: ('list' | 'job')[] = [];
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/admin/organizations') {
        reads.push('list');
        // The organisation goes only when the job has ended (its second answer).
        return jsonResponse(200, { success: true, message: '', organizations: polls > 1 ? ORGS.slice(1) : ORGS });
      }
      if (url === '/api/admin/organization-deletions' && init.method === 'POST') {
        expect(JSON.parse(String(init.body))).toEqual({ orgId: 'org-b' });
        return jsonResponse(200, { success: true, message: '', jobId: 'delete-org-b', status: 'RUNNING' });
      }
      if (url === '/api/admin/jobs/delete-org-b') {
        reads.push('job');
        polls++;
        const deletion = {
          success: polls > 1,
          orgId: 'org-b',
          orgName: 'Bethel Church',
          deletedCounts: { families: 2, members: 5 },
          message: '',
        };
        return jsonResponse(
          200,
          polls === 1
            ? job({ jobId: 'delete-org-b', kind: 'orgDeletion', progress: { items: 4, pages: 1 }, deletion })
            : job({
                jobId: 'delete-org-b',
                kind: 'orgDeletion',
                status: 'SUCCEEDED',
                deletion: {
                  ...deletion,
                  message:
                    'Successfully deleted all data for organization: Bethel Church (ID: org-b). Summary: families: 2, members: 5',
                },
              }),
        );
      }
      return jsonResponse(500, {});
    });
    renderApp('/admin/org');
    await screen.findByRole('heading', { level: 2, name: 'Organizations (2)' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete All Org Data of Bethel Church' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Destructive Action' });
    expect(dialog.textContent).toMatch(/families, members, groups, roles and users/);
    const confirm = within(dialog).getByRole('button', { name: 'Confirm & Delete All Data' }) as HTMLButtonElement;
    const input = within(dialog).getByLabelText(/Type the organization ID/);
    expect(confirm.disabled).toBe(true);
    await userEvent.type(input, 'org-');
    expect(confirm.disabled).toBe(true);
    await userEvent.type(input, 'B');
    expect(confirm.disabled).toBe(true);
    await userEvent.clear(input);
    await userEvent.type(input, 'org-b');
    expect(confirm.disabled).toBe(false);
    await userEvent.click(confirm);
    await within(dialog).findByText(/4 items deleted so far/);
    expect(window.localStorage.getItem('church-directory.job.orgDeletion')).toContain('delete-org-b');

    await screen.findByText(
      'Successfully deleted all data for organization: Bethel Church (ID: org-b). Summary: families: 2, members: 5',
      {},
      POLLED,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByRole('heading', { level: 2, name: 'Organizations (1)' });
    await waitFor(() => expect(reads.lastIndexOf('list')).toBeGreaterThan(reads.lastIndexOf('job')));
    expect(screen.queryByRole('rowheader', { name: 'Bethel Church' })).toBeNull();
    expect(window.localStorage.getItem('church-directory.job.orgDeletion')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/organization-deletions')).toHaveLength(1);
  });

  it('cancels without calling, and shows a failed deletion in the modal', async () => {
    stubFetch((url, init) => {
      if (url === '/api/admin/organizations')
        return jsonResponse(200, { success: true, message: '', organizations: ORGS });
      if (url === '/api/admin/organization-deletions' && init.method === 'POST')
        return jsonResponse(500, { error: { code: 'internal', message: 'An internal error occurred.' } });
      return jsonResponse(500, {});
    });
    renderApp('/admin/org');
    await screen.findByRole('heading', { level: 2, name: 'Organizations (2)' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete All Org Data of Bethel Church' }));
    let dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete All Org Data of Bethel Church' }));
    dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/Type the organization ID/) as HTMLInputElement).value).toBe('');
    await userEvent.type(within(dialog).getByLabelText(/Type the organization ID/), 'org-b');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm & Delete All Data' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Deletion failed: An internal error occurred.',
    );
  });

  it('makes a user of a church that lost its administrators its administrator', async () => {
    const users = [
      { userId: 'u-1', email: 'ruth@bethel.example', admin: false, memberId: 'm-1', familyId: 'f-1', createdAt: null },
      { userId: 'u-2', email: 'sam@bethel.example', admin: false, memberId: null, familyId: null, createdAt: null },
    ];
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/admin/organizations')
        return jsonResponse(200, { success: true, message: '', organizations: ORGS });
      if (url === '/api/admin/organizations/org-b/users') return jsonResponse(200, { users });
      if (url === '/api/admin/organizations/org-b/users/u-1/admin' && init.method === 'PUT') {
        users[0]!.admin = true;
        return jsonResponse(200, {
          success: true,
          message: 'ruth@bethel.example is now an administrator of this church.',
          user: users[0],
        });
      }
      return jsonResponse(500, {});
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderApp('/admin/org');
    await userEvent.click(await screen.findByRole('button', { name: 'Administrators of Bethel Church' }));
    const dialog = await screen.findByRole('dialog', { name: 'Administrators of Bethel Church' });
    await within(dialog).findByText('This church has no administrator. Choose a user to make its administrator.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Make ruth@bethel.example an administrator' }));
    expect(window.confirm).toHaveBeenCalledWith(makeAdminConfirmText('ruth@bethel.example', 'Bethel Church'));
    await within(dialog).findByText('ruth@bethel.example is now an administrator of this church.');
    await within(dialog).findByText('This church has 1 administrator.');
    expect(within(dialog).queryByRole('button', { name: 'Make ruth@bethel.example an administrator' })).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === 'PUT')).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('a sign-in the operator pages refuse for want of the code', () => {
  const refused = (message: string) => jsonResponse(403, { error: { code: 'permission-denied', message } });
  /** Log in again: signed out (the session gone), then the sign-in page. */
  async function logsInAgain() {
    auth.signOut.mockImplementationOnce(async () => signedInAs(null));
    await userEvent.click(await screen.findByRole('button', { name: 'Log in again' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(currentPath()).toBe('/login');
  }

  it('shows the organisations page’s refusal with Log in again, which signs out and opens the sign-in page', async () => {
    stubFetch(() => refused(OPERATOR_SIGN_IN_AGAIN));
    renderApp('/admin/org');
    expect((await screen.findByRole('alert')).textContent).toContain(OPERATOR_SIGN_IN_AGAIN);
    await logsInAgain();
  });

  it('shows the report’s refusal with Log in again', async () => {
    stubFetch((url) =>
      url === '/api/admin/integrity-reports' ? refused(OPERATOR_SIGN_IN_AGAIN) : jsonResponse(500, {}),
    );
    renderApp('/admin/data-audit');
    await userEvent.click(await screen.findByRole('button', { name: 'Run Data Integrity Report' }));
    expect((await screen.findByRole('alert')).textContent).toContain(OPERATOR_SIGN_IN_AGAIN);
    await logsInAgain();
  });

  it.each([OPERATOR_TOTP_UNRECORDED, 'no'])('offers no Log in again for another refusal (%s)', async (message) => {
    stubFetch(() => refused(message));
    renderApp('/admin/org');
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Log in again' })).toBeNull();
  });
});
