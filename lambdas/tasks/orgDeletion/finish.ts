/** Task Finish: the organisation record and its name claim, and the job SUCCEEDED, in one transaction. */
import { finishDeletionStep } from '../../jobs/orgDeletion';
import { defineTask } from '../../platform/wiring/task';

export const handler = defineTask('orgDeletion/finish', finishDeletionStep, 'OrganizationsDeleted');
