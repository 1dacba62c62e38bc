/** Task LocatePage: the waiting address lookups of one family, or of one page of families (lambdas/tasks/familyLocations.asl.json). */
import { locatePage, type LocateState } from '../../map/locateJob';
import { defineTask } from '../../platform/wiring/task';

export const handler = defineTask('familyLocations/locatePage', (state: LocateState & { jobId?: string }) =>
  locatePage(state),
);
