/**
 * The shared flow of the two pages that create an account (member sign-up, church registration):
 * the server call, then the automatic sign-in, then the verification mail, then the success message
 * and the redirect to /dashboard, where the verification screen finishes the sign-up once the code
 * is entered (lib/pendingSignUp.ts). An address proven before (an account that already exists,
 * signed in with its own password) finishes at once. Each failure after the account exists says
 * what did work. The form (lib/form.ts) holds the status and the busy and done states.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { sendUserAttributeVerificationCode } from 'aws-amplify/auth';
import { useAuth } from '../../lib/auth';
import type { Status } from '../../components/StatusMessage';
import { errorMessage } from '../../lib/authErrors';
import { errorText, type ErrorContext } from '../../lib/errorTexts';
import type { FormControl } from '../../lib/form';
import { accountState, finishSignUp, rememberSignUp, type PendingSignUp } from '../../lib/pendingSignUp';
import { signInWithPassword } from '../../lib/signIn';

export interface CreationTexts {
  /** The call's failure: its texts (lib/errorTexts.ts). */
  failed: ErrorContext;
  signInFailed: string;
  /** Start of the warning when the verification mail failed ('Your account was created and you are signed in'). */
  mailFailedPrefix: string;
  success: string;
  /** Shown when the address was already proven and the church joined or made at once. */
  finished: string;
}

/** What the page asks for: the call that makes the account, who signs in, what it says, what to finish with. */
export interface Creation {
  call: () => Promise<unknown>;
  credentials: { email: string; password: string };
  texts: CreationTexts;
  pending: PendingSignUp;
}

export function useAccountCreation(form: FormControl, redirectMs: number) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [followUp, setFollowUp] = useState<Status | null>(null);
  const [showLoginLink, setShowLoginLink] = useState(false);
  const redirect = {
    ms: redirectMs,
    go: () => void auth.refresh().then(() => navigate('/dashboard', { replace: true })),
  };

  /** Runs while the form is busy (its submit); the form is done once the account exists. */
  async function create({ call, credentials, texts, pending }: Creation) {
    setFollowUp(null);
    try {
      await call();
    } catch (error) {
      form.setStatus({ kind: 'error', text: errorText(texts.failed, error) });
      return;
    }

    form.finish(null);
    rememberSignUp(pending);
    try {
      await signInWithPassword(credentials.email, credentials.password);
    } catch (error) {
      console.warn('Automatic sign-in after creating the account failed.', error);
      form.setStatus({ kind: 'warning', text: texts.signInFailed });
      setShowLoginLink(true);
      return;
    }

    try {
      if ((await accountState()).proven) {
        await finishSignUp();
        form.finish({ kind: 'success', text: texts.finished }, redirect);
        return;
      }
    } catch (error) {
      form.setStatus({ kind: 'error', text: errorText('finish', error) });
      setShowLoginLink(true);
      return;
    }

    try {
      await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
    } catch (error) {
      console.warn('Sending the verification email failed.', error);
      setFollowUp({
        kind: 'warning',
        text: `${texts.mailFailedPrefix}, but the verification email failed to send: ${errorMessage(error)}. You can resend it from the verification screen.`,
      });
    }
    form.finish({ kind: 'success', text: texts.success }, redirect);
  }

  return { followUp, showLoginLink, create };
}
