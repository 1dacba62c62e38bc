/**
 * The book job's Render task (lambdas/tasks/directoryBook): the church's whole book made by
 * directoryPdf.ts, its pages done written to the book item as the
 * file goes out, then the run SUCCEEDED with its file and the church's previous book deleted; or
 * the run ended FAILED, its file (if any was written) deleted. Books are kept under `books/`,
 * which nothing expires (bookKeys.ts): the church's book is there for as long as the app offers
 * it. Apart from directoryBook.ts so the routes that start and read books do not bundle the renderer.
 */
import { BOOK_MESSAGES } from '../contract/book';
import { env } from '../platform/env';
import { log, safeError } from '../platform/log';
import { deleteObject } from '../platform/aws/s3-objects';
import { bookKey } from './bookKeys';
import { writeDirectoryPdf } from './directoryPdf';
import { failBook, finishBook, getBook, setBookProgress } from './repos/book';

/** What the state machine carries: which church, which run. */
export interface BookTask {
  orgId: string;
  jobId: string;
}

/** Progress is written at most this often (the page polls every second). */
const PROGRESS_EVERY_MS = 1000;

/** Writes the pages done at most once a second, one write at a time; `flush` waits for the last. */
function progressWriter(task: BookTask) {
  let last = 0;
  let writing: Promise<unknown> | null = null;
  const write = (done: number, total: number) => {
    last = Date.now();
    writing = setBookProgress(task.orgId, task.jobId, done, total)
      .catch((error: unknown) => log.warn('book progress not written', { ...task, error: safeError(error) }))
      .finally(() => (writing = null));
  };
  return {
    onPages(done: number, total: number) {
      if (writing || (done > 0 && Date.now() - last < PROGRESS_EVERY_MS)) return;
      write(done, total);
    },
    flush: () => writing ?? Promise.resolve(),
  };
}

const deleteBookFile = (key: string) => deleteObject(env('EXPORTS_BUCKET'), key);

/**
 * Task Render: the whole book, then the run SUCCEEDED with its file and the file it replaces
 * deleted (a run no longer current is left alone, and a file it wrote too late deleted).
 */
export async function renderBook(task: BookTask): Promise<BookTask & { pages: number }> {
  const record = await getBook(task.orgId);
  if (!record || record.jobId !== task.jobId || record.status !== 'RUNNING') return { ...task, pages: 0 };
  const progress = progressWriter(task);
  const written = await writeDirectoryPdf(
    task.orgId,
    { paper: record.paper, photos: record.photos },
    bookKey(task.orgId, task.jobId),
    new Date(),
    progress.onPages,
  );
  await progress.flush();
  const replaced = await finishBook(task.orgId, task.jobId, written?.key ?? null, written?.pages ?? 0);
  if (replaced === undefined && written) await deleteBookFile(written.key);
  if (replaced) await deleteBookFile(replaced);
  return { ...task, pages: written?.pages ?? 0 };
}

/** Task MarkFailed: the run FAILED, and what it may have written goes (never the church's book). */
export async function failBookRun(task: BookTask & { error?: unknown }): Promise<BookTask> {
  log.error('directory book failed', { ...task, error: JSON.stringify(task.error ?? null).slice(0, 500) });
  await failBook(task.orgId, task.jobId, BOOK_MESSAGES.failed);
  const key = bookKey(task.orgId, task.jobId);
  if ((await getBook(task.orgId))?.fileKey !== key) await deleteBookFile(key);
  return { orgId: task.orgId, jobId: task.jobId };
}
