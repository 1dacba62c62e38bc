import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { auth, currentPath, idPayload, jsonResponse, renderApp, sessionFor, signedInAs, stubFetch } from './helpers';

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
  createdAt: null,
  mobileAppLinked: false,
};

let fetchMock: ReturnType<typeof stubFetch>;
beforeEach(() => {
  vi.clearAllMocks();
  signedInAs(null);
  fetchMock = stubFetch((url) => {
    if (url === '/api/me') return jsonResponse(200, me);
    if (url === '/api/session/claims') return jsonResponse(200, { success: true, linked: true, message: 'Linked.' });
    return jsonResponse(404, { error: { code: 'not-found', message: 'No.' } });
  });
});

async function openLogin() {
  renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Sign In' });
}

async function typeCredentials(email = 'pat@example.org', password = 'secret12') {
  await userEvent.type(screen.getByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
}

describe('login', () => {
  it("reads 'Logging In...' and disables the form while signing in", async () => {
    let finish: (v: unknown) => void = () => {};
    auth.signIn.mockReturnValue(new Promise((r) => (finish = r)));
    await openLogin();
    await typeCredentials();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    const busy = await screen.findByRole('button', { name: 'Logging In...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    expect(auth.signIn).toHaveBeenCalledWith({
      username: 'pat@example.org',
      password: 'secret12',
      options: { authFlowType: 'USER_SRP_AUTH' },
    });

    auth.fetchAuthSession.mockResolvedValue(sessionFor({}));
    finish({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(currentPath()).toBe('/dashboard');
    // Claims were complete: no account-setup call.
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/session/claims')).toBe(false);
  });

  it.each([
    ['NotAuthorizedException', 'Invalid email or password.'],
    ['UserNotFoundException', 'Invalid email or password.'],
    ['InvalidPasswordException', 'Invalid email or password.'],
    ['NetworkError', 'Failed to log in. Please try again.'],
  ])('maps %s to %s', async (name, text) => {
    auth.signIn.mockRejectedValue(Object.assign(new Error('x'), { name }));
    await openLogin();
    await typeCredentials();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('checks the email shape before calling Cognito', async () => {
    await openLogin();
    await typeCredentials('not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter a valid email address.');
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('finalizes account setup when the token lacks claims, with the ID token as bearer', async () => {
    auth.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const bare = { ...idPayload({}), 'custom:memberId': undefined, 'custom:familyId': undefined };
    let release: () => void = () => {};
    fetchMock = stubFetch(async (url) => {
      if (url === '/api/session/claims') {
        await new Promise<void>((r) => (release = r));
        return jsonResponse(200, { success: true, linked: true, message: 'Linked.' });
      }
      return url === '/api/me'
        ? jsonResponse(200, me)
        : jsonResponse(404, { error: { code: 'not-found', message: 'No.' } });
    });
    await openLogin();
    // After sign-in the token lacks the member and family claims until the forced refresh.
    let refreshed = false;
    auth.fetchAuthSession.mockImplementation(async (opts?: { forceRefresh?: boolean }) => {
      if (opts?.forceRefresh) refreshed = true;
      return refreshed ? sessionFor({}) : { tokens: { idToken: { payload: bare, toString: () => 'bare-id-token' } } };
    });
    await typeCredentials();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Finalizing account setup...')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/session/claims')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/session/claims')!;
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer bare-id-token');
    release();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(auth.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
  });

  it('warns but still goes to the dashboard when account setup fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    auth.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    fetchMock = stubFetch(() => jsonResponse(503, { error: { code: 'unavailable', message: 'Busy.' } }));
    await openLogin();
    auth.fetchAuthSession.mockResolvedValue({
      tokens: { idToken: { payload: { ...idPayload({}), 'custom:orgId': undefined }, toString: () => 't' } },
    });
    await typeCredentials();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Login successful, but an issue occurred updating account details. Please try refreshing if you encounter issues.',
    );
    auth.fetchAuthSession.mockResolvedValue(sessionFor({}));
    await vi.advanceTimersByTimeAsync(3000);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  });
});
