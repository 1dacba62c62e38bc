import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { Button, Card, Flex, PasswordField, Text } from '@aws-amplify/ui-react';
import { PageTitle } from '../../components/PageTitle';
import { ResetConfirmForm, ResetRequestForm } from '@contract/auth';
import { AccountEmailField } from '../../components/AccountEmailField';
import { AuthStepForm } from '../../components/AuthStepForm';
import { CodeField } from '../../components/CodeField';
import { StatusMessage } from '../../components/StatusMessage';
import { authErrorName } from '../../lib/authErrors';
import { errorText, isUnverifiedAddress } from '../../lib/errorTexts';
import { useCommonPasswordCheck } from '../../lib/commonPasswords';
import { checkWith, useForm } from '../../lib/form';
import { usePageTitle } from '../../lib/usePageTitle';
import authStyles from './authPages.module.css';

type Step = 'request' | 'confirm' | 'done';

export default function ForgotPasswordPage() {
  usePageTitle('Reset Password');
  const commonPasswordText = useCommonPasswordCheck();
  const [step, setStep] = useState<Step>('request');
  const [sentTo, setSentTo] = useState('');
  const form = useForm({
    initial: { email: '', code: '', password: '', confirmPassword: '' },
    // The request: an address, gently asked for when empty.
    check: ({ email }) =>
      email.trim()
        ? checkWith(ResetRequestForm, { email })
        : { ok: false, issues: [{ field: 'email', message: 'Please enter your email address.', kind: 'warning' }] },
  });

  const sendCode = (address: string) =>
    form.run(async () => {
      try {
        await resetPassword({ username: address });
        form.setStatus({
          kind: 'success',
          text: `Password reset email sent successfully to ${address}. Please check your inbox (and spam folder).`,
        });
      } catch (error) {
        if (authErrorName(error) !== 'UserNotFoundException' && !isUnverifiedAddress(error)) {
          form.setStatus({ kind: 'error', text: errorText('resetRequest', error) });
          return;
        }
        // Never reveal whether an address has an account, nor whether it was ever verified.
        form.setStatus({
          kind: 'success',
          text: `If an account exists for ${address}, a password reset email has been sent. Please check your inbox (and spam folder).`,
        });
      }
      setSentTo(address);
      setStep('confirm');
    });

  const onRequest = form.submit(({ email }) => sendCode(email));

  const onConfirm = form.submit<{ code: string; password: string }>(
    async ({ code, password }) => {
      try {
        await confirmResetPassword({ username: sentTo, confirmationCode: code, newPassword: password });
      } catch (error) {
        form.setStatus({ kind: 'error', text: errorText('resetConfirm', error) });
        return;
      }
      form.setStatus({
        kind: 'success',
        text: 'Your password has been reset. You can now log in with your new password.',
      });
      setStep('done');
    },
    // Cognito takes the new password straight from here: this is the common-password check that applies.
    async (values) => {
      const checked = checkWith(ResetConfirmForm, values);
      if (!checked.ok) return checked;
      const refused = await commonPasswordText(checked.value.password);
      return refused ? { ok: false as const, issues: [{ field: 'password', message: refused }] } : checked;
    },
  );

  function startOver() {
    setStep('request');
    form.setStatus(null);
    form.reset({ ...form.values, code: '', password: '', confirmPassword: '' });
  }

  return (
    <Flex justifyContent="center" className="page page--narrow">
      <Card variation="elevated" className="form-card">
        <PageTitle>Reset Password</PageTitle>

        {step === 'request' && (
          <AuthStepForm
            form={form}
            onSubmit={onRequest}
            submit={{ idle: 'Send Password Reset Link', busy: 'Sending...' }}
            intro={
              <Text className="muted">
                Enter the email address of your account. We will email you a code to set a new password.
              </Text>
            }
          >
            <AccountEmailField {...form.field('email')} />
          </AuthStepForm>
        )}

        {step === 'confirm' && (
          <AuthStepForm
            form={form}
            onSubmit={onConfirm}
            submit={{ idle: 'Set New Password', busy: 'Saving...' }}
            after={
              <Flex gap="small" wrap="wrap" justifyContent="space-between">
                <Button variation="link" size="small" onClick={() => void sendCode(sentTo)} isDisabled={form.busy}>
                  Send a new code
                </Button>
                <Button variation="link" size="small" onClick={startOver} isDisabled={form.busy}>
                  Use a different email
                </Button>
              </Flex>
            }
          >
            <Text>
              Enter the 6-digit code from the email sent to <strong>{sentTo}</strong>, then choose a new password.
            </Text>
            <CodeField label="Reset code" {...form.field('code')} />
            <PasswordField
              label="New password"
              {...form.field('password')}
              name="new-password"
              autoComplete="new-password"
              descriptiveText="At least 6 characters."
              isRequired
            />
            <PasswordField
              label="Confirm new password"
              {...form.field('confirmPassword')}
              name="confirm-password"
              autoComplete="new-password"
              isRequired
            />
          </AuthStepForm>
        )}

        {step === 'done' && (
          <Flex direction="column" gap="medium">
            <StatusMessage status={form.status} />
            <RouterLink className="button-link button-link--primary" to="/login">
              Go to Login
            </RouterLink>
          </Flex>
        )}

        <Text className={authStyles.cardFooterLinks}>
          <RouterLink to="/login">Back to Login</RouterLink>
        </Text>
      </Card>
    </Flex>
  );
}
