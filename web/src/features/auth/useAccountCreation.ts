/**
 * The shared flow of the two pages that ask for an account (member sign-up, church registration):
 * the request, after which the server has mailed the address (a code, or the way into the account
 * it already has: the same answer either way), then the page that takes the code. What the account
 * is for is kept here too (lib/pendingSignUp.ts) and, with the password, in memory for the code
 * page (lib/heldRequest.ts). The form (lib/form.ts) holds the status and the busy state.
 */
import { useNavigate } from 'react-router-dom';
import { errorText, type ErrorContext } from '../../lib/errorTexts';
import type { FormControl } from '../../lib/form';
import { holdRequest, proofPath } from '../../lib/heldRequest';
import { rememberSignUp, type PendingSignUp } from '../../lib/pendingSignUp';

/** What the page asks for: the request, who it is for, its failure's texts (lib/errorTexts.ts), what to finish with. */
export interface Creation {
  call: () => Promise<unknown>;
  credentials: { email: string; password: string };
  failed: ErrorContext;
  pending: PendingSignUp;
}

export function useAccountCreation(form: FormControl) {
  const navigate = useNavigate();

  /** Runs while the form is busy (its submit); the code page follows once the request is answered. */
  async function create({ call, credentials, failed, pending }: Creation) {
    try {
      await call();
    } catch (error) {
      form.setStatus({ kind: 'error', text: errorText(failed, error) });
      return;
    }
    rememberSignUp(pending);
    holdRequest({ ...credentials, resend: call });
    navigate(proofPath(credentials.email));
  }

  return { create };
}
