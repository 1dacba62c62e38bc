/**
 * The typed API client. Method and path come from the route manifest (lambdas/routes.ts), the
 * answer type from lambdas/contract/api.ts, so a route or shape change fails the type check here.
 */
import { routeFor, type Operation } from '../../../lambdas/routes';
import type { OperationResults } from '@contract/api';
import type { ErrorCode } from '@contract/errors';
import { amplifyAuth } from './amplifyAuth';
import { ApiError } from './apiError';
import { getConfig } from './config';
import { takeEarlyRead } from './earlyRead';
import { answeredOnline, browserOffline } from '../offline/status';

export type ApiOperation = Operation & keyof OperationResults;
export { ApiError, isApiError } from './apiError';

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Please check your internet connection and try again.';
export const WAF_CHALLENGE_MESSAGE =
  'Your browser needs a quick security check first. Please reload the page and send the form again.';
const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';
export const OFFLINE_CHANGE_MESSAGE =
  'You are offline: the directory can be read, but not changed, until you are back online. Please try again then.';
/** API Gateway's own 429 (a route's throttle, docs/limits.md) carries no error of ours. */
export const THROTTLED_MESSAGE =
  'Many people are using the directory right now. Please wait a few seconds and try again.';
/** API Gateway gives up after 30 s; wait a little longer so its own answer wins. */
const TIMEOUT_MS = 35_000;

/** The callable-function error codes by HTTP status, for answers without our error body. */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'invalid-argument';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'permission-denied';
    case 404:
      return 'not-found';
    case 409:
      return 'aborted';
    case 429:
      return 'resource-exhausted';
    case 499:
      return 'cancelled';
    case 501:
      return 'unimplemented';
    case 503:
      return 'unavailable';
    case 504:
      return 'deadline-exceeded';
    default:
      return 'internal';
  }
}

export interface CallOptions {
  body?: unknown;
  params?: Record<string, string>;
  /** Appended as a query string (?a=1&b=2); empty values are left out. */
  query?: Record<string, string>;
  signal?: AbortSignal;
  /** Sent as the Idempotency-Key header by create forms (useRequestKey). */
  requestKey?: string;
  /**
   * A read the server cannot be reached for is answered from the offline copy of the directory
   * (offline/answers.ts), unless this is false: the walk that makes the copy asks the server only.
   */
  copy?: boolean;
}

export function buildPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(value);
  });
}

async function idToken(): Promise<string | undefined> {
  try {
    const session = await (await amplifyAuth()).fetchAuthSession();
    return session.tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}

export function buildQuery(query: Record<string, string> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.append(name, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

export async function callApi<Op extends ApiOperation>(
  operation: Op,
  options: CallOptions = {},
): Promise<OperationResults[Op]> {
  const route = routeFor(operation);
  const url = `${getConfig().apiBase}${buildPath(route.path, options.params)}${buildQuery(options.query)}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  // The copy's code is loaded only when the server cannot be reached.
  const fromCopy = async () =>
    route.method === 'GET' && options.copy !== false
      ? ((await import('../offline/answers')).answerFromCopy(operation, options) as Promise<
          OperationResults[Op] | undefined
        >)
      : undefined;

  if (browserOffline()) {
    const stored = await fromCopy();
    if (stored !== undefined) return stored;
    if (route.method !== 'GET') throw new ApiError('unavailable', OFFLINE_CHANGE_MESSAGE, 0);
  }
  // The JWT authorizer checks the ID token's audience (the app client), so the ID token it is.
  if (route.access !== 'public') {
    const token = await idToken();
    if (!token) {
      // No network to refresh an expired token by: the copy, if this session's account has one.
      const stored = await fromCopy();
      if (stored !== undefined) return stored;
      throw new ApiError('unauthenticated', 'Authentication required. Please log in.', 401);
    }
    headers.authorization = `Bearer ${token}`;
  }
  const hasBody = options.body !== undefined && route.method !== 'GET';
  if (hasBody) headers['content-type'] = 'application/json';
  if (options.requestKey) headers['idempotency-key'] = options.requestKey;

  // One controller for the caller's signal and our time limit (AbortSignal.any is too new for some browsers).
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);

  const send = () =>
    fetch(url, {
      method: route.method,
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: controller.signal,
    });
  // A page's first read may have been started before the app's code arrived; if it failed, ask again.
  const early = route.method === 'GET' ? takeEarlyRead(url) : undefined;
  let response: Response;
  try {
    response = await (early ? early.catch(send) : send());
  } catch {
    if (timedOut) throw new ApiError('deadline-exceeded', TIMEOUT_MESSAGE, 0);
    if (options.signal?.aborted) throw new ApiError('cancelled', 'The request was cancelled.', 0);
    const stored = await fromCopy();
    if (stored !== undefined) return stored;
    throw new ApiError(
      'unavailable',
      route.method !== 'GET' && browserOffline() ? OFFLINE_CHANGE_MESSAGE : NETWORK_ERROR_MESSAGE,
      0,
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  // AWS WAF's challenge on public writes (lib/waf.ts) answers 202 until the browser has solved it
  // on a page load; a reload does that, and the form's text is the person's to keep until then.
  if (response.status === 202 && response.headers.get('x-amzn-waf-action') === 'challenge') {
    throw new ApiError('unavailable', WAF_CHALLENGE_MESSAGE, 202);
  }
  const payload = await readJson(response);
  answeredOnline();
  if (!response.ok) {
    const error = (payload as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    const code = typeof error?.code === 'string' ? (error.code as ErrorCode) : codeForStatus(response.status);
    const message =
      typeof error?.message === 'string' && error.message
        ? error.message
        : response.status === 429
          ? THROTTLED_MESSAGE
          : `The server answered with an error (HTTP ${response.status}). Please try again.`;
    throw new ApiError(code, message, response.status);
  }
  if (payload === undefined) {
    throw new ApiError(
      'internal',
      'The server sent an answer this page could not read. Please try again.',
      response.status,
    );
  }
  return payload as OperationResults[Op];
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
