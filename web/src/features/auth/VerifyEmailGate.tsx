import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { confirmUserAttribute, fetchAuthSession, sendUserAttributeVerificationCode } from 'aws-amplify/auth';
import { Button, Card, Flex, Text } from '@aws-amplify/ui-react';
import { PageTitle } from '../../components/PageTitle';
import { VerifyCodeForm } from '@contract/auth';
import { firstMessage } from '@contract/fields';
import { useAuth } from '../../lib/auth';
import { CodeField } from '../../components/CodeField';
import { StatusMessage, type Status } from '../../components/StatusMessage';
import { errorMessage } from '../../lib/authErrors';
import { errorText } from '../../lib/errorTexts';
import { getConfig } from '../../lib/config';
import { accountState, finishSignUp } from '../../lib/pendingSignUp';
import { usePageTitle } from '../../lib/usePageTitle';

/** Shown by the protected wrapper instead of the page while the e-mail address is unverified. */
export default function VerifyEmailGate() {
  usePageTitle('Email Verification Required');
  const auth = useAuth();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'verify' | 'resend' | 'logout' | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const mailboxUrl = safeMailboxUrl();

  async function onVerify(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = VerifyCodeForm.safeParse({ code });
    if (!parsed.success) {
      setStatus({ kind: 'error', text: firstMessage(parsed.error) });
      return;
    }
    setBusy('verify');
    setStatus(null);
    try {
      await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: parsed.data.code });
    } catch (error) {
      setStatus({ kind: 'error', text: errorText('verify', error) });
      setBusy(null);
      return;
    }
    try {
      // The address is proven: the sign-up joins (or registers) its church before the token is
      // refreshed, since a verified token makes the wrapper show the page at once.
      if (!(await accountState()).inChurch) await finishSignUp();
    } catch (error) {
      setStatus({ kind: 'error', text: errorText('finish', error) });
      setBusy(null);
      return;
    }
    try {
      // The new token carries email_verified = true; the wrapper then shows the page.
      await fetchAuthSession({ forceRefresh: true });
      setStatus({ kind: 'success', text: 'Email verified! Loading your directory...' });
      await auth.refresh();
    } catch (error) {
      setStatus({
        kind: 'warning',
        text: `Your email is verified, but the session could not be refreshed: ${errorMessage(error)}. Please log out and log in again.`,
      });
      setBusy(null);
    }
  }

  async function onResend() {
    if (busy) return;
    if (!auth.currentUser) {
      setStatus({ kind: 'error', text: 'Not logged in.' });
      return;
    }
    setBusy('resend');
    setStatus(null);
    try {
      await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
      setStatus({ kind: 'success', text: 'Verification email sent! Please check your inbox (and spam folder).' });
    } catch (error) {
      setStatus({ kind: 'error', text: `Failed to send verification email: ${errorMessage(error)}` });
    } finally {
      setBusy(null);
    }
  }

  async function onLogout() {
    setBusy('logout');
    await auth.signOut();
    navigate('/', { replace: true });
  }

  return (
    <Flex justifyContent="center" className="page page--narrow">
      <Card variation="elevated" className="form-card">
        <PageTitle>Email Verification Required</PageTitle>
        <Text marginTop="small" marginBottom="medium">
          Please verify your email address
          {auth.email ? (
            <>
              {' '}
              (<strong>{auth.email}</strong>)
            </>
          ) : null}{' '}
          to use the directory. We emailed you a 6-digit code; enter it below. No code? Use the resend button, and check
          your spam folder.
        </Text>
        {mailboxUrl && (
          <Text className="muted" marginBottom="medium">
            Running locally: the mail is in the{' '}
            <a href={mailboxUrl} target="_blank" rel="noreferrer">
              local mailbox
            </a>
            .
          </Text>
        )}
        <form onSubmit={onVerify} noValidate aria-busy={busy !== null}>
          <Flex direction="column" gap="medium">
            <StatusMessage status={status} />
            <CodeField label="Verification code" value={code} onChange={setCode} disabled={busy !== null} />
            <Button type="submit" variation="primary" isFullWidth isDisabled={busy !== null}>
              {busy === 'verify' ? 'Verifying...' : 'Verify'}
            </Button>
            <Flex gap="small" wrap="wrap" justifyContent="space-between" className="verify-gate__more">
              <Button onClick={() => void onResend()} isDisabled={busy !== null}>
                {busy === 'resend' ? 'Sending...' : 'Resend Verification Email'}
              </Button>
              <Button variation="link" onClick={() => void onLogout()} isDisabled={busy !== null}>
                Logout
              </Button>
            </Flex>
          </Flex>
        </form>
      </Card>
    </Flex>
  );
}

function safeMailboxUrl(): string | undefined {
  try {
    const url = getConfig().mailboxUrl;
    return url && /^https?:\/\//.test(url) ? url : url?.startsWith('/') ? url : undefined;
  } catch {
    return undefined;
  }
}
