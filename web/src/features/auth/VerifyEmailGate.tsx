import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { confirmUserAttribute, fetchAuthSession, sendUserAttributeVerificationCode } from 'aws-amplify/auth';
import { Button, Card, Flex, Text } from '@aws-amplify/ui-react';
import { PageTitle } from '../../components/PageTitle';
import { VerifyCodeForm } from '@contract/auth';
import { useAuth } from '../../lib/auth';
import { AuthStepForm } from '../../components/AuthStepForm';
import { CodeField } from '../../components/CodeField';
import { LocalMailboxNote } from '../../components/LocalMailboxNote';
import { errorMessage } from '../../lib/authErrors';
import { errorText } from '../../lib/errorTexts';
import { checkWith, useForm } from '../../lib/form';
import { accountState, finishSignUp } from '../../lib/pendingSignUp';
import { usePageTitle } from '../../lib/usePageTitle';
import styles from './VerifyEmailGate.module.css';

/** Shown by the protected wrapper instead of the page while the e-mail address is unverified. */
export default function VerifyEmailGate() {
  usePageTitle('Email Verification Required');
  const auth = useAuth();
  const navigate = useNavigate();
  const form = useForm({ initial: { code: '' }, check: (values) => checkWith(VerifyCodeForm, values) });
  /** What the busy form is doing (the buttons' busy texts); logging out leaves for the landing page. */
  const [action, setAction] = useState<'verify' | 'resend' | 'logout' | null>(null);
  const busy = form.busy || action === 'logout';

  const onVerify = form.submit(async ({ code }) => {
    setAction('verify');
    try {
      await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
    } catch (error) {
      form.setStatus({ kind: 'error', text: errorText('verify', error) });
      return;
    }
    try {
      // The address is proven: the sign-up joins (or registers) its church before the token is
      // refreshed, since a verified token makes the wrapper show the page at once.
      if (!(await accountState()).inChurch) await finishSignUp();
    } catch (error) {
      form.setStatus({ kind: 'error', text: errorText('finish', error) });
      return;
    }
    try {
      // The new token carries email_verified = true; the wrapper then shows the page.
      await fetchAuthSession({ forceRefresh: true });
      form.setStatus({ kind: 'success', text: 'Email verified! Loading your directory...' });
      await auth.refresh();
    } catch (error) {
      form.setStatus({
        kind: 'warning',
        text: `Your email is verified, but the session could not be refreshed: ${errorMessage(error)}. Please log out and log in again.`,
      });
    }
  });

  async function onResend() {
    if (busy) return;
    if (!auth.currentUser) {
      form.setStatus({ kind: 'error', text: 'Not logged in.' });
      return;
    }
    setAction('resend');
    await form.run(async () => {
      try {
        await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
        form.setStatus({
          kind: 'success',
          text: 'Verification email sent! Please check your inbox (and spam folder).',
        });
      } catch (error) {
        form.setStatus({ kind: 'error', text: `Failed to send verification email: ${errorMessage(error)}` });
      }
    });
  }

  async function onLogout() {
    setAction('logout');
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
        <LocalMailboxNote />
        <AuthStepForm
          form={{ ...form, busy }}
          onSubmit={onVerify}
          submit={{ idle: 'Verify', busy: 'Verifying...' }}
          submitting={form.busy && action === 'verify'}
          after={
            <Flex gap="small" wrap="wrap" justifyContent="space-between" className={styles.verifyGateMore}>
              <Button onClick={() => void onResend()} isDisabled={busy}>
                {form.busy && action === 'resend' ? 'Sending...' : 'Resend Verification Email'}
              </Button>
              <Button variation="link" onClick={() => void onLogout()} isDisabled={busy}>
                Logout
              </Button>
            </Flex>
          }
        >
          <CodeField label="Verification code" {...form.field('code')} isDisabled={busy} />
        </AuthStepForm>
      </Card>
    </Flex>
  );
}
