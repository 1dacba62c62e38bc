/** Two-step sign-in: My Profile's set-up, confirmation and turning off; the sign-in form's code step. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  auth,
  currentPath,
  jsonResponse,
  meAnswer,
  POLLED,
  renderApp,
  sessionFor,
  signedInAs,
  stubFetch,
} from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

const WRONG = 'That code is not correct. Please check your authenticator app and try again.';
const mismatch = () => Object.assign(new Error('Invalid code'), { name: 'CodeMismatchException' });

/** The bodies the page sent to setTwoStep (PUT /api/me/two-step). */
let twoStepCalls: unknown[] = [];

beforeEach(() => {
  vi.clearAllMocks();
  twoStepCalls = [];
  auth.fetchMFAPreference.mockResolvedValue({});
  stubFetch((url, init) => {
    if (url === '/api/me') return jsonResponse(200, meAnswer());
    if (url === '/api/me/two-step' && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { on: boolean };
      twoStepCalls.push(body);
      return jsonResponse(200, { on: body.on });
    }
    return jsonResponse(404, { error: { code: 'not-found', message: 'No.' } });
  });
});

describe('My Profile: two-step sign-in', () => {
  it('sets up with a QR code and the key, refuses a wrong code, turns on with the right one', async () => {
    signedInAs({ email: 'pat@example.org' });
    auth.setUpTOTP.mockResolvedValue({
      sharedSecret: 'JBSWY3DPEHPK3PXP',
      getSetupUri: (app: string, account: string) =>
        new URL(`otpauth://totp/${app}:${account}?secret=JBSWY3DPEHPK3PXP&issuer=${app}`),
    });
    auth.verifyTOTPSetup.mockRejectedValueOnce(mismatch()).mockResolvedValueOnce(undefined);
    renderApp('/profile');
    // The file's first render loads the page's lazy code: on a loaded 2-core machine, seconds.
    await userEvent.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }, POLLED));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Turn On' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Please enter the 6-digit code from your authenticator app.',
    );
    expect(auth.verifyTOTPSetup).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/^Code from the app/), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Turn On' }));
    expect((await screen.findByRole('alert')).textContent).toContain(WRONG);
    expect(twoStepCalls).toEqual([]);

    await userEvent.clear(screen.getByLabelText(/^Code from the app/));
    await userEvent.type(screen.getByLabelText(/^Code from the app/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn On' }));
    await screen.findByText('Two-step sign-in is on. You will be asked for a code each time you log in.');
    expect(auth.verifyTOTPSetup).toHaveBeenLastCalledWith({ code: '123456' });
    // Turned on by the API (which keeps when), not by the browser's own Cognito call.
    expect(twoStepCalls).toEqual([{ on: true }]);
    expect(auth.updateMFAPreference).not.toHaveBeenCalled();
  });

  it('shows it on and turns it off', async () => {
    signedInAs({ email: 'pat@example.org' });
    auth.fetchMFAPreference.mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Turn Off' }));
    await screen.findByText('Two-step sign-in is off.');
    expect(twoStepCalls).toEqual([{ on: false }]);
    expect(auth.updateMFAPreference).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Set up two-step sign-in' })).toBeTruthy();
  });
});

describe('sign-in with a code', () => {
  it('asks for the code when Cognito does, refuses a wrong one, and signs in with the right one', async () => {
    signedInAs(null);
    auth.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    auth.confirmSignIn.mockRejectedValueOnce(mismatch()).mockResolvedValueOnce({
      isSignedIn: true,
      nextStep: { signInStep: 'DONE' },
    });
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'pat@example.org');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    await userEvent.type(await screen.findByLabelText(/^Code from the app/), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toContain(WRONG);

    auth.fetchAuthSession.mockResolvedValue(sessionFor({ email: 'pat@example.org' }));
    signedInAs({ email: 'pat@example.org' });
    await userEvent.clear(screen.getByLabelText(/^Code from the app/));
    await userEvent.type(screen.getByLabelText(/^Code from the app/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(auth.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '123456' });
    expect(currentPath()).toBe('/dashboard');
  });

  it('goes back to the password when the sign-in took too long', async () => {
    signedInAs(null);
    auth.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    auth.confirmSignIn.mockRejectedValue(Object.assign(new Error('expired'), { name: 'NotAuthorizedException' }));
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'pat@example.org');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await userEvent.type(await screen.findByLabelText(/^Code from the app/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The sign-in took too long. Please log in again.');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });
});
