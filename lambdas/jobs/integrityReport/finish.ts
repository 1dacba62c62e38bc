/** Task Finish: organisation counts compared, issues totalled, the job SUCCEEDED. */
import { finishReport } from '../../domain/reportJob';

export const handler = (event: { jobId: string }) => finishReport(event);
