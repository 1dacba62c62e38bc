import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { confirmSignIn, fetchAuthSession } from 'aws-amplify/auth';
import { Button, Flex, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { LoginForm } from '@contract/auth';
import { firstMessage } from '@contract/fields';
import { useAuth } from '../lib/auth';
import { callApi, isApiError } from '../lib/api';
import { accountState, finishSignUp } from '../lib/pendingSignUp';
import { authErrorName, delay } from '../lib/authErrors';
import { errorText, LOGIN_FAILED } from '../lib/errorTexts';
import { CodeField } from './CodeField';
import { StatusMessage, type Status } from './StatusMessage';
import { signInWithPassword } from '../lib/signIn';

const CLAIMS_WARNING =
  'Login successful, but an issue occurred updating account details. Please try refreshing if you encounter issues.';

/** The sign-in form of /login and of the landing page's Sign In card. */
export function SignInForm({ idPrefix = 'signin' }: { idPrefix?: string }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  /** Cognito asked for the code of the account's authenticator app (two-step sign-in is on). */
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  const [status, setStatus] = useState<Status | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = LoginForm.safeParse({ email, password });
    if (!parsed.success) {
      setStatus({ kind: 'error', text: firstMessage(parsed.error) });
      return;
    }
    setBusy(true);
    setStatus(null);

    try {
      const result = await signInWithPassword(parsed.data.email, password);
      if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') {
        setAskCode(true);
        setCode('');
        setBusy(false);
        return;
      }
      if (!result.isSignedIn || result.nextStep.signInStep !== 'DONE') {
        setStatus({
          kind: 'error',
          text:
            result.nextStep.signInStep === 'RESET_PASSWORD'
              ? 'A new password is required for this account. Please use Forgot Password to set one.'
              : LOGIN_FAILED,
        });
        setBusy(false);
        return;
      }
    } catch (error) {
      setStatus({ kind: 'error', text: errorText('login', error) });
      setBusy(false);
      return;
    }
    await afterSignIn();
  }

  async function onCode(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code)) {
      setStatus({ kind: 'error', text: 'Please enter the 6-digit code from your authenticator app.' });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      const result = await confirmSignIn({ challengeResponse: code });
      if (!result.isSignedIn) throw new Error(`sign-in step ${result.nextStep.signInStep}`);
    } catch (error) {
      setStatus({ kind: 'error', text: errorText('totp', error) });
      // A spent or stale challenge cannot take another code: back to the password.
      if (authErrorName(error) === 'NotAuthorizedException') setAskCode(false);
      setBusy(false);
      return;
    }
    await afterSignIn();
  }

  async function afterSignIn() {
    // A new account gets its organisation, member and family claims on its first sign-in: a proven
    // address without a church finishes its sign-up; an account of a church is linked to its member.
    let warned = false;
    try {
      const session = await fetchAuthSession();
      const claims = (session.tokens?.idToken?.payload ?? {}) as Record<string, unknown>;
      const { proven, inChurch } = await accountState();
      if (proven && !inChurch) {
        setStatus({ kind: 'info', text: 'Finalizing account setup...' });
        await finishSignUp();
      } else if (proven && inChurch && (!claims['custom:memberId'] || !claims['custom:familyId'])) {
        setStatus({ kind: 'info', text: 'Finalizing account setup...' });
        await callApi('addClaimCreds');
        await fetchAuthSession({ forceRefresh: true });
      }
    } catch (error) {
      console.warn('Account setup after sign-in failed.', error);
      // A refusal (not on the church's list yet) in the server's words; anything else, the general warning.
      const refused = isApiError(error) && error.status < 500 && error.status !== 429;
      setStatus({ kind: 'warning', text: refused ? errorText('finish', error) : CLAIMS_WARNING });
      warned = true;
    }
    // Leave the warning on screen long enough to be read before moving on.
    if (warned) await delay(3000);
    await auth.refresh();
    if (mounted.current) navigate('/dashboard', { replace: true });
  }

  if (askCode) {
    return (
      <form onSubmit={onCode} noValidate aria-busy={busy}>
        <Flex direction="column" gap="medium">
          <StatusMessage status={status} />
          <Text>Two-step sign-in is on for this account. Enter the 6-digit code from your authenticator app.</Text>
          <CodeField label="Code from the app" value={code} onChange={setCode} disabled={busy} />
          <Button type="submit" variation="primary" isFullWidth isDisabled={busy}>
            {busy ? 'Logging In...' : 'Continue'}
          </Button>
          <Button
            variation="link"
            onClick={() => {
              setAskCode(false);
              setStatus(null);
            }}
            isDisabled={busy}
          >
            Use a different account
          </Button>
        </Flex>
      </form>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy}>
      <Flex direction="column" gap="medium">
        <StatusMessage status={status} />
        <TextField
          id={`${idPrefix}-email`}
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
        <PasswordField
          id={`${idPrefix}-password`}
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          isRequired
          isDisabled={busy}
        />
        <Button type="submit" variation="primary" isFullWidth isDisabled={busy}>
          {busy ? 'Logging In...' : 'Login'}
        </Button>
        <Text textAlign="center">
          <RouterLink to="/forgot-password">Forgot Password?</RouterLink>
        </Text>
      </Flex>
    </form>
  );
}
