/**
 * A church's write rate, taken before each ordinary write (platform/wiring/route.ts). It is a separate
 * request rather than part of the write's transaction so that every kind of write (single updates
 * included) counts the same way; a write that then fails still used its place, as a request to any
 * rate limit does.
 */
import { WRITE_RATE_MESSAGE, WRITES_PER_MINUTE } from './churchLimits';
import { AppError } from './errors';
import { countWrite } from './repos/writeRate';

const MINUTE_MS = 60_000;

export async function takeWrite(orgId: string, now = Date.now()): Promise<void> {
  if (!(await countWrite(orgId, Math.floor(now / MINUTE_MS), WRITES_PER_MINUTE, now)))
    throw new AppError('resource-exhausted', WRITE_RATE_MESSAGE);
}
