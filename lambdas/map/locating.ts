/**
 * Looking a family's address up and keeping where it is (lambdas/platform/aws/geo-places.ts).
 * A lookup never fails the work around it: no such address is kept as `notFound` (administrators
 * see it on the map page, to correct it), a failing service as `failed`, which the next save or
 * run of the job tries again.
 */
import type { Family, FamilyLocation } from '../core/entities';
import { geocode } from '../platform/aws/geo-places';
import { log, safeError } from '../platform/log';
import { addressLine, queryOf } from './address';
import { saveLocation } from './repos/locations';

export async function lookUp(family: Family, now = new Date()): Promise<FamilyLocation> {
  const address = addressLine(family);
  const at = now.toISOString();
  try {
    const position = await geocode(queryOf(family));
    return position ? { address, position, at } : { address, position: null, missed: 'notFound', at };
  } catch (error) {
    log.warn('address lookup failed', { orgId: family.orgId, familyId: family.familyId, error: safeError(error) });
    return { address, position: null, missed: 'failed', at };
  }
}

export type Located = 'found' | 'notFound' | 'failed' | 'moved';

/** Looks the family's address up and keeps the answer, unless its address changed meanwhile (`moved`). */
export async function locate(family: Family): Promise<Located> {
  const location = await lookUp(family);
  if (!(await saveLocation(family, location))) return 'moved';
  return location.missed ?? 'found';
}
