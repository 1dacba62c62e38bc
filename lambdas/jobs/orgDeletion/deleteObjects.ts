/** Tasks DeletePhotos and DeleteExports: one page of the organisation's objects in one bucket. */
import { deleteObjectsStep, type DeletionStep } from '../../domain/orgDeletion';

export const handler = (event: DeletionStep & { bucket: 'photos' | 'exports' }) => deleteObjectsStep(event);
