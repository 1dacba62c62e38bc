import { startIntegrityReport } from '../../domain/jobs';
import { defineRoute } from '../../platform/route';

/** Starts the data integrity report (a Step Functions job) and answers its id at once. */
export const handler = defineRoute('startIntegrityReport', {}, async ({ principal }) =>
  startIntegrityReport(principal),
);
