/** Task DeletePhoto: a family's replaced or removed photo and its renditions (lambdas/jobs/photoCleanup.asl.json). */
import { deleteRetiredPhoto } from '../../domain/photo-cleanup';
import { defineTask } from '../../platform/task';

export const handler = defineTask('photoCleanup/deletePhoto', deleteRetiredPhoto);
