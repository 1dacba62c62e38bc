/** Amplify Auth errors carry the Cognito exception name in `name`. */
export function authErrorName(error: unknown): string {
  if (error && typeof error === 'object' && 'name' in error && typeof error.name === 'string') return error.name;
  return '';
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** Texts for Cognito code-confirmation failures (verification and password reset). */
export function codeErrorText(error: unknown): string | null {
  switch (authErrorName(error)) {
    case 'CodeMismatchException':
      return 'That code is not correct. Please check the email and try again.';
    case 'ExpiredCodeException':
      return 'That code has expired. Please request a new one.';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return 'Too many attempts. Please wait a few minutes and try again.';
    default:
      return null;
  }
}

/** Texts for a wrong or refused code from an authenticator app (two-step sign-in). */
export function totpErrorText(error: unknown): string {
  switch (authErrorName(error)) {
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return 'That code is not correct. Please check your authenticator app and try again.';
    case 'NotAuthorizedException':
      return 'The sign-in took too long. Please log in again.';
    default:
      return codeErrorText(error) ?? 'Something went wrong. Please try again.';
  }
}

/** A pause that tests can shorten with fake timers. */
export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
