/**
 * Wrong codes are limited, as Cognito limits them: after a few wrong confirmation codes for one
 * account, Cognito answers LimitExceededException for a while, even to the right code, so a
 * six-digit code cannot be guessed by trying them all. cognito-local takes every guess.
 */
import { type CognitoAnswer, cognitoError, errorTypeOf } from './cognito-answer';

/** Wrong codes allowed per account and operation before the limit holds. */
export const MAX_WRONG_CODES = 5;
/** How long the limit holds after the last wrong code. */
export const CODE_LOCK_MS = 15 * 60 * 1000;

/** The operations that take a code from the user, and who the code belongs to. */
const CODE_OPERATIONS: Record<string, (payload: Record<string, unknown>) => string | null> = {
  ConfirmForgotPassword: (payload) =>
    typeof payload.Username === 'string' ? `${String(payload.ClientId)}:${payload.Username.toLowerCase()}` : null,
  VerifyUserAttribute: (payload) => subjectOf(payload.AccessToken),
  VerifySoftwareToken: (payload) => subjectOf(payload.AccessToken),
  RespondToAuthChallenge: (payload) => {
    const username = (payload.ChallengeResponses as Record<string, unknown> | undefined)?.USERNAME;
    return typeof username === 'string' ? `${String(payload.ClientId)}:${username.toLowerCase()}` : null;
  },
};

/** The `sub` of an access token, read only to count attempts (cognito-local verifies the token). */
function subjectOf(token: unknown): string | null {
  if (typeof token !== 'string') return null;
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: unknown;
    };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

interface Attempts {
  wrong: number;
  last: number;
}

export class CodeAttempts {
  private readonly byAccount = new Map<string, Attempts>();

  constructor(private readonly now: () => number = Date.now) {}

  private keyOf(operation: string, payload: Record<string, unknown>): string | null {
    const account = CODE_OPERATIONS[operation]?.(payload);
    return account ? `${operation}:${account}` : null;
  }

  /** Cognito's refusal when the account has had too many wrong codes lately, else null. */
  refusal(operation: string, payload: Record<string, unknown>): CognitoAnswer | null {
    const key = this.keyOf(operation, payload);
    const attempts = key ? this.byAccount.get(key) : undefined;
    if (!key || !attempts) return null;
    if (this.now() - attempts.last > CODE_LOCK_MS) {
      this.byAccount.delete(key);
      return null;
    }
    if (attempts.wrong < MAX_WRONG_CODES) return null;
    return cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
  }

  /** Counts a wrong code; a right one clears the count. */
  record(operation: string, payload: Record<string, unknown>, answer: CognitoAnswer): void {
    const key = this.keyOf(operation, payload);
    if (!key) return;
    if (answer.status === 200) {
      this.byAccount.delete(key);
      return;
    }
    if (errorTypeOf(answer) !== 'CodeMismatchException') return;
    const wrong = (this.byAccount.get(key)?.wrong ?? 0) + 1;
    this.byAccount.set(key, { wrong, last: this.now() });
  }
}
