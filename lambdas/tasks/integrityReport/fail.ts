/** Task MarkFailed (the Catch of every state): the job FAILED with the error's message. */
import { failJob } from '../../jobs/reportJob';
import { defineTask } from '../../platform/wiring/task';

export const handler = defineTask('integrityReport/fail', failJob, 'JobsFailed');
