/** Task ScanPage: one Scan page of the table, checked; answers the next cursor (lambdas/jobs/integrityReport.asl.json). */
import { scanStep } from '../../domain/reportJob';
import { defineTask } from '../../platform/task';

export const handler = defineTask('integrityReport/scanPage', scanStep);
