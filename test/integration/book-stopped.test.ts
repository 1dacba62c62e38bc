/**
 * A book whose record says RUNNING while its execution has ended (aborted, timed out, a restarted
 * local stack) reads as stopped; but not a book whose Render task finished the record between the
 * record's read and the execution's: that one reads as finished. The moment is made with a hook
 * run just before the execution's status is asked (the local Step Functions answer it).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { BOOK_MESSAGES } from '../../lambdas/contract/book';
import { readBook } from '../../lambdas/book/directoryBook';
import { claimBook, finishBook, setBookExecution } from '../../lambdas/book/repos/book';
import { createChurch } from '../support/fixtures';

const moment = vi.hoisted(() => ({ beforeStatus: null as null | (() => Promise<unknown>) }));

vi.mock('../../lambdas/platform/aws/sfn', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lambdas/platform/aws/sfn')>();
  return {
    ...real,
    executionStatus: async (executionArn: string) => {
      await moment.beforeStatus?.();
      return real.executionStatus(executionArn);
    },
  };
});

/** A RUNNING book of an execution the local Step Functions never ran (so it is not running). */
async function runningBook() {
  const { orgId } = await createChurch();
  const jobId = randomUUID();
  const claimed = await claimBook(
    { orgId, jobId, paper: 'letter', photos: true, startedBy: 'test', now: new Date().toISOString() },
    null,
  );
  expect(claimed).toBe(true);
  await setBookExecution(orgId, jobId, `arn:aws:states:us-east-1:000000000000:execution:directoryBook:${jobId}`);
  return { orgId, jobId };
}

beforeEach(() => {
  moment.beforeStatus = null;
});

describe('a book whose execution has ended', () => {
  it('reads as stopped while its record still says RUNNING', async () => {
    const { orgId } = await runningBook();
    const { book } = await readBook(orgId);
    expect(book).toMatchObject({ status: 'FAILED', error: BOOK_MESSAGES.stopped });
  });

  it('reads as finished when Render finished the record after it was read', async () => {
    const { orgId, jobId } = await runningBook();
    moment.beforeStatus = () => finishBook(orgId, jobId, null, 3);
    const { book } = await readBook(orgId);
    expect(book).toMatchObject({ jobId, status: 'SUCCEEDED', error: null });
  });
});
