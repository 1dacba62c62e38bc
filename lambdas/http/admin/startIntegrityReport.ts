import { startIntegrityReport } from '../../domain/jobs';
import { requireOperatorTotp } from '../../platform/operatorMfa';
import { defineRoute } from '../../platform/route';

/** Starts the data integrity report (a Step Functions job) and answers its id at once. */
export const handler = defineRoute('startIntegrityReport', { admit: requireOperatorTotp }, async ({ principal }) =>
  startIntegrityReport(principal),
);
