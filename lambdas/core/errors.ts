/**
 * Typed errors: the callable-function error codes and their HTTP statuses. The error middleware
 * turns an AppError into `{ error: { code, message } }`; anything else becomes `internal` (500)
 * with a generic message, and is logged.
 */
export const ERROR_STATUS = {
  'invalid-argument': 400,
  'failed-precondition': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  'already-exists': 409,
  aborted: 409,
  'resource-exhausted': 429,
  cancelled: 499,
  internal: 500,
  unimplemented: 501,
  unavailable: 503,
  'deadline-exceeded': 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const invalid = (message: string, details?: unknown) => new AppError('invalid-argument', message, details);
export const denied = (message = 'You do not have permission to perform this action.') =>
  new AppError('permission-denied', message);
export const notFound = (message: string) => new AppError('not-found', message);
export const unauthenticated = (message = 'Authentication required. Please log in.') =>
  new AppError('unauthenticated', message);
