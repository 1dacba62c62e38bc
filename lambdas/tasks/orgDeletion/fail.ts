/** Task MarkFailed (the Catch of every state): the job FAILED with the error's message; the next run resumes it. */
import { failJob } from '../../jobs/reportJob';
import { defineTask } from '../../platform/wiring/task';

export const handler = defineTask('orgDeletion/fail', failJob, 'JobsFailed');
