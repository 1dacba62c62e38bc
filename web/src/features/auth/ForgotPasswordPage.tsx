import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { Button, Card, Flex, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { PageTitle } from '../../components/PageTitle';
import { ResetConfirmForm, ResetRequestForm } from '@contract/auth';
import { firstMessage } from '@contract/fields';
import { CodeField } from '../../components/CodeField';
import { StatusMessage, type Status } from '../../components/StatusMessage';
import { authErrorName } from '../../lib/authErrors';
import { errorText, isUnverifiedAddress } from '../../lib/errorTexts';
import { useCommonPasswordCheck } from '../../lib/commonPasswords';
import { usePageTitle } from '../../lib/usePageTitle';

type Step = 'request' | 'confirm' | 'done';

export default function ForgotPasswordPage() {
  usePageTitle('Reset Password');
  const commonPasswordText = useCommonPasswordCheck();
  const [step, setStep] = useState<Step>('request');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);

  async function sendCode(address: string) {
    setBusy(true);
    setStatus(null);
    try {
      await resetPassword({ username: address });
      setStatus({
        kind: 'success',
        text: `Password reset email sent successfully to ${address}. Please check your inbox (and spam folder).`,
      });
      setSentTo(address);
      setStep('confirm');
    } catch (error) {
      if (authErrorName(error) === 'UserNotFoundException' || isUnverifiedAddress(error)) {
        // Never reveal whether an address has an account, nor whether it was ever verified.
        setStatus({
          kind: 'success',
          text: `If an account exists for ${address}, a password reset email has been sent. Please check your inbox (and spam folder).`,
        });
        setSentTo(address);
        setStep('confirm');
      } else {
        setStatus({ kind: 'error', text: errorText('resetRequest', error) });
      }
    } finally {
      setBusy(false);
    }
  }

  async function onRequest(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!email.trim()) {
      setStatus({ kind: 'warning', text: 'Please enter your email address.' });
      return;
    }
    const parsed = ResetRequestForm.safeParse({ email });
    if (!parsed.success) {
      setStatus({ kind: 'error', text: firstMessage(parsed.error) });
      return;
    }
    await sendCode(parsed.data.email);
  }

  async function onConfirm(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = ResetConfirmForm.safeParse({ code, password, confirmPassword });
    if (!parsed.success) {
      setStatus({ kind: 'error', text: firstMessage(parsed.error) });
      return;
    }
    // Cognito takes the new password straight from here: this is the common-password check that applies.
    const refused = await commonPasswordText(parsed.data.password);
    if (refused) {
      setStatus({ kind: 'error', text: refused });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      await confirmResetPassword({
        username: sentTo,
        confirmationCode: parsed.data.code,
        newPassword: parsed.data.password,
      });
      setStatus({ kind: 'success', text: 'Your password has been reset. You can now log in with your new password.' });
      setStep('done');
    } catch (error) {
      setStatus({ kind: 'error', text: errorText('resetConfirm', error) });
    } finally {
      setBusy(false);
    }
  }

  function startOver() {
    setStep('request');
    setStatus(null);
    setCode('');
    setPassword('');
    setConfirmPassword('');
  }

  return (
    <Flex justifyContent="center" className="page page--narrow">
      <Card variation="elevated" className="form-card">
        <PageTitle>Reset Password</PageTitle>

        {step === 'request' && (
          <form onSubmit={onRequest} noValidate aria-busy={busy}>
            <Flex direction="column" gap="medium">
              <Text className="muted">
                Enter the email address of your account. We will email you a code to set a new password.
              </Text>
              <StatusMessage status={status} />
              <TextField
                label="Email"
                name="email"
                type="email"
                autoComplete="username"
                inputMode="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                isRequired
                isDisabled={busy}
              />
              <Button type="submit" variation="primary" isFullWidth isDisabled={busy}>
                {busy ? 'Sending...' : 'Send Password Reset Link'}
              </Button>
            </Flex>
          </form>
        )}

        {step === 'confirm' && (
          <form onSubmit={onConfirm} noValidate aria-busy={busy}>
            <Flex direction="column" gap="medium">
              <StatusMessage status={status} />
              <Text>
                Enter the 6-digit code from the email sent to <strong>{sentTo}</strong>, then choose a new password.
              </Text>
              <CodeField label="Reset code" value={code} onChange={setCode} disabled={busy} />
              <PasswordField
                label="New password"
                name="new-password"
                autoComplete="new-password"
                descriptiveText="At least 6 characters."
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                isRequired
                isDisabled={busy}
              />
              <PasswordField
                label="Confirm new password"
                name="confirm-password"
                autoComplete="new-password"
                value={confirmPassword}
                onChange={(e) => setConfirmPassword(e.target.value)}
                isRequired
                isDisabled={busy}
              />
              <Button type="submit" variation="primary" isFullWidth isDisabled={busy}>
                {busy ? 'Saving...' : 'Set New Password'}
              </Button>
              <Flex gap="small" wrap="wrap" justifyContent="space-between">
                <Button variation="link" size="small" onClick={() => void sendCode(sentTo)} isDisabled={busy}>
                  Send a new code
                </Button>
                <Button variation="link" size="small" onClick={startOver} isDisabled={busy}>
                  Use a different email
                </Button>
              </Flex>
            </Flex>
          </form>
        )}

        {step === 'done' && (
          <Flex direction="column" gap="medium">
            <StatusMessage status={status} />
            <RouterLink className="button-link button-link--primary" to="/login">
              Go to Login
            </RouterLink>
          </Flex>
        )}

        <Text className="card-footer-links">
          <RouterLink to="/login">Back to Login</RouterLink>
        </Text>
      </Card>
    </Flex>
  );
}
