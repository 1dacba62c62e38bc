/** Task CleanupPage: one page of the pool's accounts, expired unproven ones removed (lambdas/tasks/accountCleanup.asl.json). */
import { cleanupPage, type CleanupState } from '../../accounts/unproven';
import { defineTask } from '../../platform/wiring/task';

export const handler = defineTask('accountCleanup/cleanupPage', (state: CleanupState & { jobId?: string }) =>
  cleanupPage(state),
);
