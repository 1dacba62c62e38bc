/**
 * The book job's tasks (lambdas/tasks/directoryBook.asl.json), each state naming its step: Read
 * (a slice of the church, side by side in a Map state), Plan (the book laid out and cut into parts), Part (one part's pages, side by side in a Map state),
 * Join (the parts made the book's file), and MarkFailed (given the error a step ended with, the
 * run ended FAILED). One Lambda for all: the stack stays under CloudFormation's 500 resources (a
 * Lambda of its own is six of them, with its role, policy, logs and alarms).
 */
import {
  failBookRun,
  joinBook,
  planBookRun,
  readBookRunSlice,
  renderBookPart,
  type BookPlanned,
  type BookSlices,
  type BookTask,
} from '../../book/directoryBookRender';
import { defineTask } from '../../platform/wiring/task';

export type BookStep =
  | (BookSlices & { step: 'read'; slice: number })
  | (BookSlices & { step: 'plan' })
  | (BookTask & { step: 'part'; part: number })
  | (BookPlanned & { step: 'join' })
  | (BookTask & { step: 'fail'; error?: unknown });

export const handler = defineTask('directoryBook/render', async (event: BookStep) => {
  // An execution started before the book was made in parts (a deploy while it ran) names no step:
  // its Render fails here, and its MarkFailed, given the error, ends the run.
  if (event.step === undefined && 'error' in event) return failBookRun(event);
  switch (event.step) {
    case 'read':
      return readBookRunSlice(event);
    case 'plan':
      return planBookRun(event);
    case 'part':
      return renderBookPart(event);
    case 'join':
      return joinBook(event);
    case 'fail':
      return failBookRun(event);
    default:
      throw new Error(`No step ${JSON.stringify((event as { step?: unknown }).step)} in the book job`);
  }
});
