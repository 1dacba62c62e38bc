/**
 * Every job task handler is `defineTask(name, fn)`: a middy handler logged and measured like the
 * API routes (platform/wiring/observed.ts). A failure is logged and counted, then thrown on, so the
 * state machine's Retry and Catch see it.
 */
import { observed } from './observed';
import { count } from '../metrics';
import type { BusinessMetric } from '../telemetry';

export interface TaskEvent {
  jobId?: unknown;
  orgId?: unknown;
}

const id = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function defineTask<E extends TaskEvent, R>(
  task: string,
  fn: (event: E) => Promise<R>,
  /** Counted once the task succeeds (a job finished or failed). */
  metric?: BusinessMetric,
) {
  return observed<E, R>({
    operation: task,
    keys: (event) => ({ jobId: id(event.jobId), orgId: id(event.orgId) }),
  }).handler(async (event) => {
    const result = await fn(event);
    if (metric) count(metric);
    return result;
  });
}
