/**
 * Where the church's exported files are kept in the exports bucket: under `exports/<orgId>/`, which
 * the bucket expires after a few days (lib/storage.ts) and the organisation deletion empties.
 * Pure functions (no AWS): the stack and the tests use them too.
 */
import { EXPORTS_PREFIX } from '../book/bookKeys';

/** `exports/<orgId>/csv/<jobId>.csv`: the file of one export. */
export const exportFileKey = (orgId: string, jobId: string) => `${EXPORTS_PREFIX}${orgId}/csv/${jobId}.csv`;

/** `exports/<orgId>/imports/<importId>/`: an import's file and its plan, kept while the bucket keeps exports. */
export const importFolder = (orgId: string, importId: string) => `${EXPORTS_PREFIX}${orgId}/imports/${importId}/`;

/** The uploaded file, with the ending it was named with (csv or xlsx). */
export const importFileKey = (orgId: string, importId: string, ending: string) =>
  `${importFolder(orgId, importId)}file.${ending}`;

/** The import's `index`th groups file (0 first), with the ending it was named with. */
export const importGroupsFileKey = (orgId: string, importId: string, index: number, ending: string) =>
  `${importFolder(orgId, importId)}groups-${index}.${ending}`;

/** What the check planned: what the confirmed import writes. */
export const importPlanKey = (orgId: string, importId: string) => `${importFolder(orgId, importId)}plan.json`;

/** The versions of the families a Write page touched, right after it wrote them: what an undo compares. */
export const importWrittenKey = (orgId: string, importId: string, from: number) =>
  `${importFolder(orgId, importId)}written-${from}.json`;
