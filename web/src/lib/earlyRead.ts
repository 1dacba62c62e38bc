/**
 * The answer the early reads' script (src/early/earlyReads.ts) started for a URL, taken once. Only
 * in the page's first seconds: later, a read the app did not take then would be stale.
 */
import type { EarlyReads } from '../early/earlyReads';

const FIRST_SECONDS_MS = 10_000;

export function takeEarlyRead(url: string): Promise<Response> | undefined {
  // From the app's first call on, an early script that arrives late starts nothing (the app asks).
  const reads: EarlyReads = (window.earlyReads ??= {});
  const read = reads[url];
  if (!read) return undefined;
  delete reads[url];
  return performance.now() < FIRST_SECONDS_MS ? read : undefined;
}
