/**
 * A saved or imported address is looked up off the request path: the writer starts the lookup job
 * (lambdas/tasks/familyLocations), which retries, so a save never waits for Amazon Location nor
 * fails with it. Failing to start it is logged: the family stays off the map until its next save
 * or the job's next run, never without its save.
 */
import { randomUUID } from 'node:crypto';
import type { Family } from '../core/entities';
import { startExecution } from '../platform/aws/sfn';
import { env } from '../platform/env';
import { log, safeError } from '../platform/log';
import { needsLookup } from './address';
import type { LocateState } from './locateJob';

async function start(input: LocateState): Promise<void> {
  try {
    await startExecution(env('FAMILY_LOCATIONS_STATE_MACHINE_ARN'), randomUUID(), input);
  } catch (error) {
    log.warn('address lookup not started', { ...input, error: safeError(error) });
  }
}

/** After a family's write: its address is looked up when it waits for it. */
export async function startLocating(family: Family): Promise<void> {
  if (needsLookup(family)) await start({ orgId: family.orgId, familyId: family.familyId });
}

/** After an import: the church's addresses that wait for it. */
export const startLocatingChurch = (orgId: string) => start({ orgId });
