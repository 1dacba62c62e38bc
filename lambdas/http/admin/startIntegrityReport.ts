import { startIntegrityReport } from '../../jobs/jobs';
import { requireOperatorTotp } from '../../platform/wiring/operatorMfa';
import { defineRoute } from '../../platform/wiring/route';

/** Starts the data integrity report (a Step Functions job) and answers its id at once. */
export const handler = defineRoute('startIntegrityReport', { admit: requireOperatorTotp }, async ({ principal }) =>
  startIntegrityReport(principal),
);
