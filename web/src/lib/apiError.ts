/**
 * A failed API call, in a module of its own: the app shell checks for it (which failures the
 * query cache retries) without loading the API client and its route manifest.
 */
import type { ErrorCode } from '@contract/errors';

/** A failed call: the error code, the server's safe message and the HTTP status (0: no answer). */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
