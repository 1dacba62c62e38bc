/**
 * After deploying the group marks: every church's marks made true from its roles
 * (migrations/repos/groupMarksBackfill.ts).
 */
import { backfillGroupMarks } from './repos/groupMarksBackfill';
import { defineMigration } from '../platform/wiring/migration';

export const handler = defineMigration('backfillGroupMarks', { members: 0, families: 0 }, backfillGroupMarks);
