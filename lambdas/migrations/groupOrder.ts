/**
 * After deploying the groups' own pages: every church's older groups put in name order with their
 * member counts, and their roles in name order (migrations/repos/groupOrderBackfill.ts).
 */
import { backfillGroupOrder } from './repos/groupOrderBackfill';
import { defineMigration } from '../platform/wiring/migration';

export const handler = defineMigration('backfillGroupOrder', { groups: 0, roles: 0 }, backfillGroupOrder);
