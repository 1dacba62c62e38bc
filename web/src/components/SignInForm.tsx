import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { confirmSignIn, fetchAuthSession } from 'aws-amplify/auth';
import { Button, PasswordField, Text } from '@aws-amplify/ui-react';
import { LoginForm } from '@contract/auth';
import { useAuth } from '../lib/auth';
import { callApi, isApiError } from '../lib/api';
import { accountState, finishSignUp } from '../lib/pendingSignUp';
import { authErrorName, delay } from '../lib/authErrors';
import { errorText, LOGIN_FAILED } from '../lib/errorTexts';
import { checkWith, useForm } from '../lib/form';
import { AccountEmailField } from './AccountEmailField';
import { AuthStepForm } from './AuthStepForm';
import { checkTotpCode, CodeField } from './CodeField';
import { signInWithPassword } from '../lib/signIn';

const CLAIMS_WARNING =
  'Login successful, but an issue occurred updating account details. Please try refreshing if you encounter issues.';
/** The sign-in form of /login and of the landing page's Sign In card. */
export function SignInForm({ idPrefix = 'signin' }: { idPrefix?: string }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const form = useForm({
    initial: { email: '', password: '', code: '' },
    check: (values) => checkWith(LoginForm, values),
  });
  /** Cognito asked for the code of the account's authenticator app (two-step sign-in is on). */
  const [askCode, setAskCode] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const onPassword = form.submit(async ({ email, password }) => {
    try {
      const result = await signInWithPassword(email, password);
      if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') {
        setAskCode(true);
        form.set('code', '');
        return;
      }
      if (!result.isSignedIn || result.nextStep.signInStep !== 'DONE') {
        form.setStatus({
          kind: 'error',
          text:
            result.nextStep.signInStep === 'RESET_PASSWORD'
              ? 'A new password is required for this account. Please use Forgot Password to set one.'
              : LOGIN_FAILED,
        });
        return;
      }
    } catch (error) {
      form.setStatus({ kind: 'error', text: errorText('login', error) });
      return;
    }
    await afterSignIn();
  });

  const onCode = form.submit(async (code) => {
    try {
      const result = await confirmSignIn({ challengeResponse: code });
      if (!result.isSignedIn) throw new Error(`sign-in step ${result.nextStep.signInStep}`);
    } catch (error) {
      form.setStatus({ kind: 'error', text: errorText('totp', error) });
      // A spent or stale challenge cannot take another code: back to the password.
      if (authErrorName(error) === 'NotAuthorizedException') setAskCode(false);
      return;
    }
    await afterSignIn();
  }, checkTotpCode);

  async function afterSignIn() {
    // A new account gets its organisation, member and family claims on its first sign-in: a proven
    // address without a church finishes its sign-up; an account of a church is linked to its member.
    let warned = false;
    try {
      const session = await fetchAuthSession();
      const claims = (session.tokens?.idToken?.payload ?? {}) as Record<string, unknown>;
      const { proven, inChurch } = await accountState();
      if (proven && !inChurch) {
        form.setStatus({ kind: 'info', text: 'Finalizing account setup...' });
        await finishSignUp();
      } else if (proven && inChurch && (!claims['custom:memberId'] || !claims['custom:familyId'])) {
        form.setStatus({ kind: 'info', text: 'Finalizing account setup...' });
        await callApi('addClaimCreds');
        await fetchAuthSession({ forceRefresh: true });
      }
    } catch (error) {
      console.warn('Account setup after sign-in failed.', error);
      // A refusal (not on the church's list yet) in the server's words; anything else, the general warning.
      const refused = isApiError(error) && error.status < 500 && error.status !== 429;
      form.setStatus({ kind: 'warning', text: refused ? errorText('finish', error) : CLAIMS_WARNING });
      warned = true;
    }
    // Leave the warning on screen long enough to be read before moving on.
    if (warned) await delay(3000);
    await auth.refresh();
    if (mounted.current) navigate('/dashboard', { replace: true });
  }

  if (askCode) {
    return (
      <AuthStepForm
        form={form}
        onSubmit={onCode}
        submit={{ idle: 'Continue', busy: 'Logging In...' }}
        after={
          <Button
            variation="link"
            onClick={() => {
              setAskCode(false);
              form.setStatus(null);
            }}
            isDisabled={form.busy}
          >
            Use a different account
          </Button>
        }
      >
        <Text>Two-step sign-in is on for this account. Enter the 6-digit code from your authenticator app.</Text>
        <CodeField label="Code from the app" {...form.field('code')} />
      </AuthStepForm>
    );
  }

  return (
    <AuthStepForm
      form={form}
      onSubmit={onPassword}
      submit={{ idle: 'Login', busy: 'Logging In...' }}
      after={
        <Text textAlign="center">
          <RouterLink to="/forgot-password">Forgot Password?</RouterLink>
        </Text>
      }
    >
      <AccountEmailField id={`${idPrefix}-email`} {...form.field('email')} />
      <PasswordField
        id={`${idPrefix}-password`}
        label="Password"
        {...form.field('password')}
        autoComplete="current-password"
        isRequired
      />
    </AuthStepForm>
  );
}
