/**
 * Business and error metrics as CloudWatch EMF lines (Powertools Metrics), flushed at the end of
 * each invocation. The local stack turns them off (POWERTOOLS_METRICS_DISABLED) unless asked.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { MiddlewareObj } from '@middy/core';
import { ERROR_CODE_DIMENSION, ERROR_METRIC, METRIC_NAMESPACE, SERVICE_NAME, type BusinessMetric } from './telemetry';

export const metrics = new Metrics({ namespace: METRIC_NAMESPACE, serviceName: SERVICE_NAME });

/** One more of a business event, published with the invocation's other metrics. */
export function count(metric: BusinessMetric, value = 1): void {
  metrics.addMetric(metric, MetricUnit.Count, value);
}

/** One failure with its error code, published at once under its own `code` dimension. */
export function countError(code: string): void {
  const single = metrics.singleMetric();
  single.addDimension(ERROR_CODE_DIMENSION, code);
  single.addMetric(ERROR_METRIC, MetricUnit.Count, 1);
}

/**
 * Flushes what the invocation counted. Powertools' own logMetrics middleware would also flush an
 * invocation that counted nothing, with a warning each time: most reads count nothing.
 */
export function publishMetrics(): MiddlewareObj {
  const flush = () => {
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  };
  return { after: flush, onError: flush };
}
