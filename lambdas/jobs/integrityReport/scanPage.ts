/** Task ScanPage: one Scan page of the table, checked; answers the next cursor (lambdas/jobs/integrityReport.asl.json). */
import { scanStep, type ScanStep } from '../../domain/reportJob';

export const handler = (event: ScanStep) => scanStep(event);
