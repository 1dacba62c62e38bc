/** Task SendPage: the invitations waiting in the next churches, each up to its day's room (lambdas/tasks/invitationQueue.asl.json). */
import { sendQueuesPage, type QueuePage } from '../../accounts/invitationQueue';
import { defineTask } from '../../platform/wiring/task';

export const handler = defineTask('invitationQueue/sendPage', (state: Partial<QueuePage> & { jobId?: string }) =>
  sendQueuesPage(state),
);
