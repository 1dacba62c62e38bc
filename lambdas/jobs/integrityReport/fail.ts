/** Task MarkFailed (the Catch of every state): the job FAILED with the error's message. */
import { failJob } from '../../domain/reportJob';

export const handler = (event: { jobId: string; error?: { Error?: string; Cause?: string } }) => failJob(event);
