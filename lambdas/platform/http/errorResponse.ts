import { AppError } from '../../core/errors';

/** Any error as the AppError it answers: ours as they are, the SDK's as `unavailable` or `internal`. */
export function asAppError(error: unknown): AppError {
  return error instanceof AppError ? error : fromSdk(error);
}

/** The one place an error becomes an HTTP answer. */
export function errorResponse(error: AppError) {
  return {
    statusCode: error.status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify({ error: { code: error.code, message: error.message } }),
  };
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
