import { JobParams } from '../../contract/jobs';
import { readJob } from '../../jobs/jobs';
import { defineRoute } from '../../platform/wiring/route';
import { requireOperatorTotp } from './operatorAdmission';

/** A job's status, progress and, once done, its result: what the super-admin pages poll. */
export const handler = defineRoute('getJob', { params: JobParams, admit: requireOperatorTotp }, async ({ params }) =>
  readJob(params.jobId),
);
