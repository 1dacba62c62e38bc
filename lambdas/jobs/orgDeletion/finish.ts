/** Task Finish: the organisation record and its name claim, and the job SUCCEEDED, in one transaction. */
import { finishDeletionStep, type DeletionStep } from '../../domain/orgDeletion';

export const handler = (event: DeletionStep) => finishDeletionStep(event);
