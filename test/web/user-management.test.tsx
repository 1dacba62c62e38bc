import { NO_ADMIN_LEFT } from '../../lambdas/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserView } from '../../lambdas/contract/api';
import { auth, currentPath, jsonResponse, renderApp, sessionFor, signedInAs, stubFetch } from './helpers';
import { formatDateTime } from '../../web/src/lib/format';

vi.mock('aws-amplify/auth', () => import('./authMock'));

const ME = 'user-1'; // helpers.idPayload's sub
const user = (userId: string, email: string, admin = false, memberId: string | null = 'mem-x'): UserView => ({
  userId,
  email,
  admin,
  memberId,
  familyId: memberId ? 'fam-x' : null,
  createdAt: '2026-03-04T10:00:00.000Z',
});
const USERS = [
  user(ME, 'admin@grace.example', true, null),
  user('u-2', 'bob@grace.example'),
  user('u-3', 'carol@grace.example', true),
];

let fetchMock: ReturnType<typeof stubFetch>;
let confirmSpy: ReturnType<typeof vi.spyOn>;

/** A fake API whose user list reflects the writes it accepted, as the real one does on a refetch. */
function serve(routes: {
  list?: () => Response | Promise<Response>;
  admin?: (id: string, body: { setAdminStatus: boolean }) => Response | Promise<Response>;
  remove?: (id: string) => Response | Promise<Response>;
}) {
  let users = USERS;
  fetchMock = stubFetch(async (url, init) => {
    if (url === '/api/users' && init.method === 'GET')
      return routes.list ? routes.list() : jsonResponse(200, { users });
    const admin = /^\/api\/users\/([^/]+)\/admin$/.exec(url);
    if (admin && init.method === 'PUT') {
      const id = decodeURIComponent(admin[1]!);
      const body = JSON.parse(String(init.body)) as { setAdminStatus: boolean };
      const response = await routes.admin!(id, body);
      if (response.ok) users = users.map((u) => (u.userId === id ? { ...u, admin: body.setAdminStatus } : u));
      return response;
    }
    const remove = /^\/api\/users\/([^/]+)$/.exec(url);
    if (remove && init.method === 'DELETE') {
      const id = decodeURIComponent(remove[1]!);
      const response = await routes.remove!(id);
      if (response.ok) users = users.filter((u) => u.userId !== id);
      return response;
    }
    return jsonResponse(500, { error: { code: 'internal', message: `unexpected ${init.method} ${url}` } });
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  signedInAs({ admin: true, email: 'admin@grace.example' });
  confirmSpy = vi.spyOn(window, 'confirm').mockReturnValue(true);
  serve({});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const rowOf = (email: string) => screen.getByRole('rowheader', { name: new RegExp(`^${email}`) }).closest('tr')!;

async function openPage() {
  renderApp('/admin/users');
  await screen.findByRole('heading', { level: 1, name: 'User Management' });
  await screen.findByRole('table');
}

describe('user management access', () => {
  it('redirects a signed-out visitor to /login', async () => {
    signedInAs(null);
    renderApp('/admin/users');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(currentPath()).toBe('/login');
  });

  it('shows Access Denied with a dashboard link to a member who is not an admin, and loads nothing', async () => {
    signedInAs({ admin: false });
    renderApp('/admin/users');
    await screen.findByRole('heading', { level: 1, name: 'Access Denied' });
    expect(screen.getByText('You do not have permission to view this page.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveProperty('pathname', '/dashboard');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a Configuration Error to an admin without an organisation', async () => {
    signedInAs({ admin: true, orgId: '' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/admin/users');
    await screen.findByRole('heading', { level: 1, name: 'Configuration Error' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the verification screen to an admin whose address is not verified', async () => {
    signedInAs({ admin: true, verified: false });
    renderApp('/admin/users');
    await screen.findByRole('heading', { level: 1, name: 'Email Verification Required' });
  });
});

describe('user management page', () => {
  it('shows the breadcrumb, the sign-up link and the users in the server’s e-mail order', async () => {
    await openPage();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Admin', 'User Management']);
    expect((screen.getByLabelText('Sign-up link') as HTMLInputElement).value).toBe(
      `${window.location.origin}/create-account/org-1`,
    );
    const emails = screen.getAllByRole('rowheader').map((th) => th.textContent);
    expect(emails).toEqual(['admin@grace.example (you)', 'bob@grace.example', 'carol@grace.example']);
    expect(within(rowOf('bob@grace.example')).getByRole('button', { name: /^Grant Admin/ })).toBeTruthy();
    expect(within(rowOf('carol@grace.example')).getByRole('button', { name: /^Remove Admin/ })).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/users');
  });

  it('disables deleting one’s own account', async () => {
    await openPage();
    const mine = rowOf('admin@grace.example');
    expect(within(mine).getByRole('button', { name: /^Delete/ })).toHaveProperty('disabled', true);
    expect(within(rowOf('bob@grace.example')).getByRole('button', { name: /^Delete/ })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('lists the invitations sent, with when, newest first', async () => {
    const invitations = [
      { email: 'new@grace.example', sentAt: '2026-11-23T15:04:00.000Z' },
      { email: 'old@grace.example', sentAt: '2026-11-20T09:30:00.000Z' },
    ];
    serve({ list: () => jsonResponse(200, { users: USERS, invitations }) });
    renderApp('/admin/users');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Invitations (2)' })).closest('section')!;
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'new@grace.example',
      'old@grace.example',
    ]);
    expect(within(rows[0]!).getByRole('cell').textContent).toBe(formatDateTime(invitations[0]!.sentAt));
  });

  it('shows the empty text with the organisation id', async () => {
    serve({ list: () => jsonResponse(200, { users: [] }) });
    renderApp('/admin/users');
    expect(await screen.findByText('No users found in your organization (org-1).')).toBeTruthy();
  });

  it.each([
    ['permission-denied', 403, /^Permission denied fetching users\./],
    ['internal', 500, /^An unknown error occurred while fetching users\.$/],
  ])('shows the user-list load error for %s', async (code, status, text) => {
    serve({ list: () => jsonResponse(status, { error: { code, message: 'x' } }) });
    renderApp('/admin/users');
    expect((await screen.findByRole('alert')).textContent).toMatch(text);
  });

  it('grants admin after the confirmation, with a per-row spinner, and updates the row', async () => {
    let release: (r: Response) => void = () => {};
    serve({ admin: () => new Promise<Response>((resolve) => (release = resolve)) });
    await openPage();
    await userEvent.click(within(rowOf('bob@grace.example')).getByRole('button', { name: /^Grant Admin/ }));
    expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to grant admin privileges to bob@grace.example?');

    const row = rowOf('bob@grace.example');
    expect(within(row).getByRole('status').textContent).toBe('Updating admin status...');
    expect(within(row).getByRole('button', { name: /^Grant Admin/ })).toHaveProperty('disabled', true);
    expect(within(rowOf('carol@grace.example')).queryByRole('status')).toBeNull();
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/users/u-2/admin');
    expect(JSON.parse(String(init.body))).toEqual({ setAdminStatus: true });

    release(jsonResponse(200, { success: true, message: 'ok', user: { ...USERS[1], admin: true } }));
    expect(await screen.findByText('Successfully granted admin privileges for bob@grace.example.')).toBeTruthy();
    expect(within(rowOf('bob@grace.example')).getByRole('button', { name: /^Remove Admin/ })).toHaveProperty(
      'disabled',
      false,
    );
    expect(within(rowOf('bob@grace.example')).queryByRole('status')).toBeNull();
    expect(auth.fetchAuthSession).not.toHaveBeenCalledWith({ forceRefresh: true });
  });

  it('does nothing when the confirmation is cancelled', async () => {
    confirmSpy.mockReturnValue(false);
    await openPage();
    const calls = fetchMock.mock.calls.length;
    await userEvent.click(within(rowOf('carol@grace.example')).getByRole('button', { name: /^Remove Admin/ }));
    await userEvent.click(within(rowOf('carol@grace.example')).getByRole('button', { name: /^Delete/ }));
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('removes one’s own admin status after a confirmation naming YOURSELF, then refreshes the token', async () => {
    serve({ admin: () => jsonResponse(200, { success: true, message: 'ok', user: { ...USERS[0], admin: false } }) });
    await openPage();
    auth.fetchAuthSession.mockResolvedValue(sessionFor({ admin: false }));
    await userEvent.click(within(rowOf('admin@grace.example')).getByRole('button', { name: /^Remove Admin/ }));
    expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to remove admin privileges from YOURSELF?');
    await waitFor(() => expect(auth.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true }));
    // The fresh token says not an admin any more: the page gives way to Access Denied.
    await screen.findByRole('heading', { level: 1, name: 'Access Denied' });
  });

  it('tells the last administrator at once that the church needs one, asks nothing and sends nothing', async () => {
    serve({ list: () => jsonResponse(200, { users: [USERS[0], USERS[1]] }) });
    await openPage();
    const calls = fetchMock.mock.calls.length;
    await userEvent.click(within(rowOf('admin@grace.example')).getByRole('button', { name: /^Remove Admin/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(NO_ADMIN_LEFT);
    expect(confirmSpy).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it.each([
    ['permission-denied', 403, 'Server denied the request to change admin status.'],
    ['not-found', 404, 'Failed to update admin status: User not found.'],
  ])('shows the admin-status failure text when changing admin fails with %s', async (code, status, text) => {
    serve({ admin: () => jsonResponse(status, { error: { code, message: 'User not found.' } }) });
    await openPage();
    await userEvent.click(within(rowOf('bob@grace.example')).getByRole('button', { name: /^Grant Admin/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(within(rowOf('bob@grace.example')).getByRole('button', { name: /^Grant Admin/ })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('deletes a user after the permanent-deletion warning and drops the row', async () => {
    serve({ remove: () => jsonResponse(200, { success: true, message: 'User "carol@grace.example" deleted.' }) });
    await openPage();
    await userEvent.click(within(rowOf('carol@grace.example')).getByRole('button', { name: /^Delete/ }));
    expect(String(confirmSpy.mock.calls[0]![0])).toMatch(
      /^Are you sure you want to permanently delete the user carol@grace\.example\?.*cannot be undone\.$/,
    );
    expect(await screen.findByText('User "carol@grace.example" deleted.')).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: /^carol@grace\.example/ })).toBeNull();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init.method === 'DELETE').map(([url]) => url);
    expect(deletes).toEqual(['/api/users/u-3']);
  });

  it.each([
    ['permission-denied', 403, 'Server denied the request to delete user.'],
    ['unavailable', 503, 'Failed to delete user: Busy.'],
  ])('keeps the row and shows the delete failure text when deleting fails with %s', async (code, status, text) => {
    serve({ remove: () => jsonResponse(status, { error: { code, message: 'Busy.' } }) });
    await openPage();
    await userEvent.click(within(rowOf('bob@grace.example')).getByRole('button', { name: /^Delete/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(rowOf('bob@grace.example')).toBeTruthy();
  });

  it('copies the sign-up link', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/create-account/org-1`);
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(screen.getByText('Link copied to the clipboard.')).toBeTruthy();
  });

  it('selects the link for a manual copy when the clipboard is not available', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByText(/Could not copy automatically/)).toBeTruthy();
    const input = screen.getByLabelText('Sign-up link') as HTMLInputElement;
    expect(input.selectionEnd! - input.selectionStart!).toBe(input.value.length);
  });
});
