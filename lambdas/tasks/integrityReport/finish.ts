/** Task Finish: organisation counts compared, issues totalled, the job SUCCEEDED. */
import { finishReport } from '../../jobs/reportJob';
import { defineTask } from '../../platform/wiring/task';

export const handler = defineTask('integrityReport/finish', finishReport, 'IntegrityReportsCompleted');
