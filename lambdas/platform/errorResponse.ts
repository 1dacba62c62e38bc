import { AppError } from '../domain/errors';
import { log } from './log';

/** The one place an error becomes an HTTP answer. */
export function errorResponse(error: unknown, operation: string) {
  const known = error instanceof AppError ? error : fromSdk(error);
  if (known.code === 'internal' || known.code === 'unavailable') {
    log.error('request failed', { operation, error: describe(error) });
  }
  return {
    statusCode: known.status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify({ error: { code: known.code, message: known.message } }),
  };
}

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

function describe(error: unknown) {
  return error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : error;
}
