/**
 * Task Render, and MarkFailed after it (lambdas/tasks/directoryBook.asl.json): the church's whole
 * book, rendered and stored, its progress written as it goes; or, given the error Render ended
 * with, the run ended FAILED. One Lambda for both: the stack stays under CloudFormation's 500
 * resources (a Lambda of its own is six of them, with its role, policy, logs and alarms).
 */
import { failBookRun, renderBook, type BookTask } from '../../book/directoryBookRender';
import { defineTask } from '../../platform/wiring/task';

export const handler = defineTask('directoryBook/render', async (event: BookTask & { error?: unknown }) =>
  event.error === undefined ? renderBook(event) : failBookRun(event),
);
