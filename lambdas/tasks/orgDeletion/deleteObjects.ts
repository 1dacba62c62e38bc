/** Tasks DeletePhotos and DeleteExports: one page of the organisation's objects in one bucket. */
import { deleteObjectsStep } from '../../jobs/orgDeletion';
import { defineTask } from '../../platform/wiring/task';

export const handler = defineTask('orgDeletion/deleteObjects', deleteObjectsStep);
