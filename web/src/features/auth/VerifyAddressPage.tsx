/**
 * The page that takes the code mailed after a sign-up or a registration (/verify-address?email=),
 * on the device that asked or on any other (the mail links here). The same page for every address:
 * the mail itself says whether there is a code or an account already. The code makes the account,
 * with the password this browser still holds or one typed here; the page then signs in and finishes
 * what the account was asked for (the church joined or registered, which the server kept).
 */
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, Flex, PasswordField, Text } from '@aws-amplify/ui-react';
import { ProveAddressInput, SIGNUP_MESSAGES } from '@contract/auth';
import { PASSWORD_MIN } from '@contract/fields';
import { AccountEmailField } from '../../components/AccountEmailField';
import { AuthStepForm } from '../../components/AuthStepForm';
import { CodeField } from '../../components/CodeField';
import { LocalMailboxNote } from '../../components/LocalMailboxNote';
import { PageTitle } from '../../components/PageTitle';
import { StatusMessage } from '../../components/StatusMessage';
import { callApi } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/authErrors';
import { useCommonPasswordCheck } from '../../lib/commonPasswords';
import { errorText } from '../../lib/errorTexts';
import { checkWith, useForm, type Checked } from '../../lib/form';
import { forgetRequest, heldRequest } from '../../lib/heldRequest';
import { finishSignUp } from '../../lib/pendingSignUp';
import { signInWithPassword } from '../../lib/signIn';
import { usePageTitle } from '../../lib/usePageTitle';
import authStyles from './authPages.module.css';

/** The dashboard follows the finished sign-up after this long. */
export const PROVEN_REDIRECT_MS = 2500;

type Values = { email: string; code: string; password: string; confirmPassword: string };

export default function VerifyAddressPage() {
  usePageTitle('Verify Your Email');
  const [params] = useSearchParams();
  const given = (params.get('email') ?? '').trim();
  const held = heldRequest(given);
  const auth = useAuth();
  const navigate = useNavigate();
  const commonPasswordText = useCommonPasswordCheck();
  const [resending, setResending] = useState(false);

  const form = useForm<Values, ProveAddressInput>({
    initial: { email: given, code: '', password: '', confirmPassword: '' },
    check: async (values): Promise<Checked<ProveAddressInput>> => {
      const password = held?.password ?? values.password;
      const checked = checkWith(ProveAddressInput, { email: values.email, code: values.code, password });
      if (!checked.ok || held) return checked;
      if (values.password !== values.confirmPassword)
        return { ok: false, issues: [{ field: 'confirmPassword', message: SIGNUP_MESSAGES.mismatch }] };
      const refused = await commonPasswordText(password);
      return refused ? { ok: false, issues: [{ field: 'password', message: refused }] } : checked;
    },
  });

  const onVerify = form.submit(async (input) => {
    try {
      await callApi('proveAddress', { body: input });
    } catch (error) {
      form.setStatus({ kind: 'error', text: errorText('prove', error) });
      return;
    }
    forgetRequest();
    try {
      await signInWithPassword(input.email, input.password);
    } catch (error) {
      form.finish({
        kind: 'warning',
        text: `Your email is verified and your account is ready, but signing in failed: ${errorMessage(error)}. Please log in.`,
      });
      return;
    }
    let finished: string;
    try {
      finished = await finishSignUp();
    } catch (error) {
      // The account is made and signed in; what it was asked for was refused (the owner is told why).
      form.finish({ kind: 'error', text: errorText('finish', error) });
      return;
    }
    form.finish(
      { kind: 'success', text: `${finished} Redirecting...` },
      { ms: PROVEN_REDIRECT_MS, go: () => void auth.refresh().then(() => navigate('/dashboard', { replace: true })) },
    );
  });

  async function onResend() {
    if (!held || form.busy) return;
    setResending(true);
    await form.run(async () => {
      try {
        await held.resend();
        form.setStatus({ kind: 'success', text: 'We sent a new message. Please check your inbox (and spam folder).' });
      } catch (error) {
        form.setStatus({ kind: 'error', text: errorText('signup', error) });
      }
    });
    setResending(false);
  }

  return (
    <Flex justifyContent="center" className="page page--narrow">
      <Card variation="elevated" className="form-card">
        <PageTitle>Verify Your Email</PageTitle>
        <Text marginTop="small" marginBottom="medium">
          We sent a message to {given ? <strong>{given}</strong> : 'your email address'}. Enter the 6-digit code from it
          to finish. If the message says you already have an account, <RouterLink to="/login">log in</RouterLink>{' '}
          instead. No message? Check your spam folder.
        </Text>
        <LocalMailboxNote />
        {form.done ? (
          <>
            <StatusMessage status={form.status} />
            {form.status?.kind === 'warning' && (
              <Text marginTop="medium">
                <RouterLink className="button-link button-link--primary" to="/login">
                  Go to Login
                </RouterLink>
              </Text>
            )}
          </>
        ) : (
          <AuthStepForm
            form={form}
            onSubmit={onVerify}
            submit={{ idle: 'Verify', busy: 'Verifying...' }}
            submitting={form.busy && !resending}
            after={
              <Flex direction="column" gap="small">
                {held && (
                  <Button onClick={() => void onResend()} isDisabled={form.busy}>
                    {resending ? 'Sending...' : 'Send a New Code'}
                  </Button>
                )}
                <Text className={authStyles.cardFooterLinks}>
                  Wrong address? Start again: <RouterLink to="/create-account">sign up</RouterLink> or{' '}
                  <RouterLink to="/register-organization">register a church</RouterLink>.
                </Text>
              </Flex>
            }
          >
            {!given && <AccountEmailField {...form.field('email')} />}
            <CodeField label="Verification code" {...form.field('code')} />
            {!held && (
              <>
                <Text className="muted">
                  This browser did not ask for the code: choose the password for your account.
                </Text>
                <PasswordField
                  label="Password"
                  {...form.field('password')}
                  autoComplete="new-password"
                  descriptiveText={`At least ${PASSWORD_MIN} characters.`}
                  isRequired
                />
                <PasswordField
                  label="Confirm Password"
                  {...form.field('confirmPassword')}
                  autoComplete="new-password"
                  isRequired
                />
              </>
            )}
          </AuthStepForm>
        )}
      </Card>
    </Flex>
  );
}
