/**
 * The middy chain every handler starts from (API routes: platform/wiring/route.ts; job tasks:
 * platform/wiring/task.ts): the Lambda context on each log line (Powertools' injectLambdaContext, keys
 * reset after each invocation), one line per invocation with its operation and outcome, failures
 * counted by error code, and the invocation's metrics flushed.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import type { AppError } from '../../core/errors';
import { asAppError, isServerFault } from '../../core/errors';
import { log, safeError } from '../log';
import { countError, publishMetrics } from '../metrics';

export interface Observation<E, R> {
  operation: string;
  /** Ids that place the invocation (organisation, job, API request): never personal data. */
  keys: (event: E) => Record<string, string | undefined>;
  /** The answer to a failure; without it the error is thrown on (a Step Functions task fails). */
  answer?: (error: AppError) => R;
  /** What a success is logged with, besides `outcome: ok` (an HTTP status). */
  success?: (result: R) => Record<string, unknown>;
}

export function observed<E, R>(observation: Observation<E, R>) {
  return middy<E, R>()
    .use(injectLambdaContext(log, { resetKeys: true }))
    .use(publishMetrics())
    .use(outcome(observation));
}

function outcome<E, R>({ operation, keys, answer, success }: Observation<E, R>): MiddlewareObj<E, R> {
  const started = new WeakMap<object, number>();
  const ms = (request: object) => Math.round(performance.now() - (started.get(request) ?? performance.now()));
  return {
    before: (request) => {
      started.set(request, performance.now());
      const placed = Object.fromEntries(Object.entries(keys(request.event)).filter(([, v]) => v));
      log.appendKeys({ operation, ...placed });
    },
    after: (request) => {
      log.info('done', { outcome: 'ok', ...success?.(request.response as R), ms: ms(request) });
    },
    onError: (request) => {
      const known = asAppError(request.error);
      countError(known.code);
      const fields = { outcome: known.code, ...(answer ? { status: known.status } : {}), ms: ms(request) };
      // A refusal (4xx) is the caller's: its code says enough. A fault is ours: log its cause.
      if (isServerFault(known)) log.error('failed', { ...fields, error: safeError(request.error) });
      else log.info('refused', fields);
      if (answer) request.response = answer(known);
    },
  };
}
