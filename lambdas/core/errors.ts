/**
 * Typed errors: the callable-function error codes and their HTTP statuses. The error middleware
 * turns an AppError into `{ error: { code, message } }`; anything else becomes `internal` (500)
 * with a generic message, and is logged.
 */
import { ERROR_STATUS, type ErrorCode } from '../contract/errors';

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

/** Any error as the AppError it answers: ours as they are, the SDK's as `unavailable` or `internal`. */
export function asAppError(error: unknown): AppError {
  return error instanceof AppError ? error : fromSdk(error);
}

/** Whether an answer with this code is the service's fault (logged as an error, with its cause). */
export const isServerFault = (error: AppError) => error.status >= 500;

/** AWS SDK errors that are not bugs: throttling and unreachable services answer 503, not 500. */
function fromSdk(error: unknown): AppError {
  const name = (error as { name?: string } | null)?.name ?? '';
  const transient = [
    'ProvisionedThroughputExceededException',
    'ThrottlingException',
    'TooManyRequestsException',
    'RequestLimitExceeded',
    'ServiceUnavailable',
    'InternalServerError',
    'TimeoutError',
  ];
  // Node's sockets name the code on the error; fetch (undici) on its cause.
  const codes = [error, (error as { cause?: unknown } | null)?.cause].map(
    (e) => (e as { code?: string } | null)?.code ?? '',
  );
  const network = codes.some((code) =>
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT'].includes(code),
  );
  if (transient.includes(name) || network) {
    return new AppError('unavailable', 'The service is busy right now. Please try again in a moment.');
  }
  return new AppError('internal', 'An unexpected error occurred. Please try again.');
}
