import type { AppError } from '../../core/errors';

/** The one place an error becomes an HTTP answer. */
export function errorResponse(error: AppError) {
  return {
    statusCode: error.status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify({ error: { code: error.code, message: error.message } }),
  };
}
