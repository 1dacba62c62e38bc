/** Task RenditionsPage: renditions for the photos of one Scan page that have none (lambdas/tasks/photoRenditions.asl.json). */
import { renditionsPage, type BackfillState } from '../../photos/photo-backfill';
import { defineTask } from '../../platform/wiring/task';

export const handler = defineTask('photoRenditions/renditionsPage', (state: BackfillState & { jobId?: string }) =>
  renditionsPage(state),
);
