/** Task ScanPage: one Scan page of the table, checked; answers the next cursor (lambdas/tasks/integrityReport.asl.json). */
import { scanStep } from '../../jobs/reportJob';
import { defineTask } from '../../platform/wiring/task';

export const handler = defineTask('integrityReport/scanPage', scanStep);
