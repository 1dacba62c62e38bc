import { startIntegrityReport } from '../../jobs/jobs';
import { defineRoute } from '../../platform/wiring/route';
import { requireOperatorTotp } from './operatorAdmission';

/** Starts the data integrity report (a Step Functions job) and answers its id at once. */
export const handler = defineRoute('startIntegrityReport', { admit: requireOperatorTotp }, async ({ principal }) =>
  startIntegrityReport(principal),
);
