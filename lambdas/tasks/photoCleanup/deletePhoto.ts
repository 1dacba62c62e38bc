/** Task DeletePhoto: a family's replaced or removed photo and its renditions (lambdas/tasks/photoCleanup.asl.json). */
import { deleteRetiredPhoto } from '../../photos/photo-cleanup';
import { defineTask } from '../../platform/wiring/task';

export const handler = defineTask('photoCleanup/deletePhoto', deleteRetiredPhoto);
