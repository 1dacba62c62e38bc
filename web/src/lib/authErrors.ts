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

/** A pause that tests can shorten with fake timers. */
export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
