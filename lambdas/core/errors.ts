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
