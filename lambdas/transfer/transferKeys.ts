/**
 * Where the church's exported files are kept in the exports bucket: under `exports/<orgId>/`, which
 * the bucket expires after a few days (lib/storage.ts) and the organisation deletion empties.
 * Pure functions (no AWS): the stack and the tests use them too.
 */
import { EXPORTS_PREFIX } from '../book/bookKeys';

/** `exports/<orgId>/csv/<jobId>.csv`: the file of one export. */
export const exportFileKey = (orgId: string, jobId: string) => `${EXPORTS_PREFIX}${orgId}/csv/${jobId}.csv`;
