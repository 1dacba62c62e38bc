import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../lambdas/contract/commonPasswords';
import { auth, renderApp, signedInAs, stubFetch, jsonResponse } from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

beforeEach(() => {
  vi.clearAllMocks();
  signedInAs(null);
  stubFetch(() => jsonResponse(404, { error: { code: 'not-found', message: 'No.' } }));
});

async function openPage() {
  renderApp('/forgot-password');
  await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
}
const send = () => userEvent.click(screen.getByRole('button', { name: 'Send Password Reset Link' }));

describe('forgot password', () => {
  it("warns 'Please enter your email address.' for an empty email", async () => {
    await openPage();
    await send();
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter your email address.');
    await userEvent.type(screen.getByLabelText(/^Email/), '   ');
    await send();
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter your email address.');
    expect(auth.resetPassword).not.toHaveBeenCalled();
  });

  it("rejects a malformed address: 'The email address format is invalid.'", async () => {
    await openPage();
    await userEvent.type(screen.getByLabelText(/^Email/), 'pat@');
    await send();
    expect((await screen.findByRole('alert')).textContent).toContain('The email address format is invalid.');
    expect(auth.resetPassword).not.toHaveBeenCalled();
  });

  it('sends the code, then sets the new password with it', async () => {
    auth.resetPassword.mockResolvedValue({
      isPasswordReset: false,
      nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE' },
    });
    auth.confirmResetPassword.mockResolvedValue(undefined);
    await openPage();
    await userEvent.type(screen.getByLabelText(/^Email/), 'pat@example.org');
    await send();
    expect(
      await screen.findByText(
        'Password reset email sent successfully to pat@example.org. Please check your inbox (and spam folder).',
      ),
    ).toBeTruthy();
    expect(auth.resetPassword).toHaveBeenCalledWith({ username: 'pat@example.org' });

    await userEvent.type(screen.getByLabelText(/^Reset code/), '654321');
    // Cognito takes the new password from the browser: the form refuses a common one before sending.
    await userEvent.type(screen.getByLabelText(/^New password/), 'Sunshine');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'Sunshine');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(COMMON_PASSWORD_MESSAGE);
    expect(auth.confirmResetPassword).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.clear(screen.getByLabelText(/^Confirm new password/));

    await userEvent.type(screen.getByLabelText(/^New password/), 'newpass1');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'newpass2');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Passwords do not match.');
    expect(auth.confirmResetPassword).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText(/^Confirm new password/));
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'newpass1');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(
      await screen.findByText('Your password has been reset. You can now log in with your new password.'),
    ).toBeTruthy();
    expect(auth.confirmResetPassword).toHaveBeenCalledWith({
      username: 'pat@example.org',
      confirmationCode: '654321',
      newPassword: 'newpass1',
    });
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveProperty('pathname', '/login');
  });

  it('answers an unknown address like a sent one', async () => {
    auth.resetPassword.mockRejectedValue(
      Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' }),
    );
    await openPage();
    await userEvent.type(screen.getByLabelText(/^Email/), 'nobody@example.org');
    await send();
    expect(
      await screen.findByText(
        'If an account exists for nobody@example.org, a password reset email has been sent. Please check your inbox (and spam folder).',
      ),
    ).toBeTruthy();
  });

  it('explains a wrong code', async () => {
    auth.resetPassword.mockResolvedValue({});
    auth.confirmResetPassword.mockRejectedValue(
      Object.assign(new Error('Invalid code'), { name: 'CodeMismatchException' }),
    );
    await openPage();
    await userEvent.type(screen.getByLabelText(/^Email/), 'pat@example.org');
    await send();
    await userEvent.type(await screen.findByLabelText(/^Reset code/), '111111');
    await userEvent.type(screen.getByLabelText(/^New password/), 'newpass1');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'newpass1');
    await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('That code is not correct.');
  });
});
