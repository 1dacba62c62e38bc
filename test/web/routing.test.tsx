import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { auth, currentPath, renderApp, signedInAs, stubFetch, jsonResponse } from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

const me = {
  userId: 'user-1',
  email: 'pat@example.org',
  orgId: 'org-1',
  orgName: 'Grace Community Church',
  admin: false,
  superAdmin: false,
  memberId: 'mem-1',
  familyId: 'fam-1',
  createdAt: '2026-01-02T03:04:05Z',
  mobileAppLinked: false,
};

beforeEach(() => {
  vi.clearAllMocks();
  stubFetch((url) =>
    url === '/api/me' ? jsonResponse(200, me) : jsonResponse(404, { error: { code: 'not-found', message: 'No.' } }),
  );
});

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('navigation bar', () => {
  it('shows User Management to admins', async () => {
    signedInAs({ admin: true });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: 'User Management' })).toHaveProperty('pathname', '/admin/users');
    for (const name of ['Dashboard', 'Families', 'Groups', 'Map', 'Bible Studies', 'Help', 'My Profile']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('hides User Management from members', async () => {
    signedInAs({ admin: false });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: 'Families' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'User Management' })).toBeNull();
  });

  it('links the brand to / when signed out and to /dashboard when signed in', async () => {
    signedInAs(null);
    const { unmount } = renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(within(mainNav()).getByRole('link', { name: 'Church Directory' })).toHaveProperty('pathname', '/');
    expect(within(mainNav()).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    unmount();

    signedInAs({});
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(within(mainNav()).getByRole('link', { name: 'Church Directory' })).toHaveProperty('pathname', '/dashboard');
  });

  it('Logout signs out and goes to the landing page', async () => {
    signedInAs({});
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Your Profile' });
    auth.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    await userEvent.click(within(mainNav()).getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { level: 2, name: 'Sign In' });
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(currentPath()).toBe('/');
  });
});

describe('unknown paths and guards', () => {
  it('shows 404 with a link home to signed-out users', async () => {
    signedInAs(null);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveProperty('pathname', '/');
    expect(currentPath()).toBe('/no/such/page');
  });

  it('redirects signed-in users on unknown paths to /dashboard', async () => {
    signedInAs({});
    renderApp('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(currentPath()).toBe('/dashboard');
    expect(screen.queryByText('404 Not Found')).toBeNull();
  });

  it.each(['/', '/login', '/forgot-password'])('redirects signed-in users from %s to /dashboard', async (path) => {
    signedInAs({});
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(currentPath()).toBe('/dashboard');
  });

  it.each(['/families/add', '/groups/add'])(
    'shows Access Denied, not a form the API would refuse, to members at %s',
    async (path) => {
      signedInAs({});
      renderApp(path);
      await screen.findByText('You do not have permission to view this page.');
      expect(screen.queryByRole('textbox')).toBeNull();
    },
  );

  it.each(['/profile', '/families/add', '/groups/add'])(
    'redirects signed-out users from the protected page %s to /',
    async (path) => {
      signedInAs(null);
      renderApp(path);
      await screen.findByRole('heading', { level: 2, name: 'Sign In' });
      expect(currentPath()).toBe('/');
    },
  );

  it('shows the verification gate instead of the page while the email is unverified', async () => {
    signedInAs({ verified: false });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Email Verification Required' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
    const main = within(screen.getByRole('main'));
    expect(main.getByLabelText(/Verification code/)).toBeTruthy();
    expect(main.getByRole('button', { name: 'Resend Verification Email' })).toBeTruthy();
    expect(main.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it("shows 'Loading Application...' until the session is known", async () => {
    let resolve: (v: unknown) => void = () => {};
    auth.fetchAuthSession.mockReturnValue(new Promise((r) => (resolve = r)));
    renderApp('/');
    expect(screen.getByText('Loading Application...')).toBeTruthy();
    resolve({ tokens: undefined });
    await waitFor(() => expect(screen.queryByText('Loading Application...')).toBeNull());
  });
});

describe('verification gate', () => {
  it('verifies the code, refreshes the token and then shows the page', async () => {
    signedInAs({ verified: false });
    auth.confirmUserAttribute.mockResolvedValue(undefined);
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Email Verification Required' });

    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter the 6-digit code from the email.');
    expect(auth.confirmUserAttribute).not.toHaveBeenCalled();

    auth.fetchAuthSession.mockResolvedValue((await import('./helpers')).sessionFor({ verified: true }));
    await userEvent.type(screen.getByLabelText(/Verification code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(auth.confirmUserAttribute).toHaveBeenCalledWith({ userAttributeKey: 'email', confirmationCode: '123456' });
    expect(auth.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
  });

  it('resends the code and reports success or failure of the resend', async () => {
    signedInAs({ verified: false });
    auth.sendUserAttributeVerificationCode.mockResolvedValueOnce({}).mockRejectedValueOnce(new Error('Limit exceeded'));
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Email Verification Required' });
    await userEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText('Verification email sent! Please check your inbox (and spam folder).')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText('Failed to send verification email: Limit exceeded')).toBeTruthy();
  });
});
