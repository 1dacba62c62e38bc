/**
 * After deploying the directory's surname order and search: every church's older families and
 * members put in that order and given their search words (migrations/repos/directoryOrderBackfill.ts).
 */
import { backfillDirectoryOrder } from './repos/directoryOrderBackfill';
import { defineMigration } from '../platform/wiring/migration';

export const handler = defineMigration('backfillDirectoryOrder', { families: 0, members: 0 }, backfillDirectoryOrder);
