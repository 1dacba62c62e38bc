/**
 * The book job's Render task (lambdas/jobs/directoryBook): the church's whole book made by the
 * synchronous route's code (directoryPdf.ts), its pages done written to the book item as the
 * file goes out, then the run SUCCEEDED with its file; or the run ended FAILED. Apart from
 * directoryBook.ts so the routes that start and read books do not bundle the renderer.
 */
import { BOOK_MESSAGES } from '../contract/book';
import { log, safeError } from '../platform/log';
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

/** Task Render: the whole book, then the run SUCCEEDED with its file (a run no longer current is left alone). */
export async function renderBook(task: BookTask): Promise<BookTask & { pages: number }> {
  const record = await getBook(task.orgId);
  if (!record || record.jobId !== task.jobId || record.status !== 'RUNNING') return { ...task, pages: 0 };
  const progress = progressWriter(task);
  const written = await writeDirectoryPdf(
    task.orgId,
    { paper: record.paper, photos: record.photos },
    new Date(),
    progress.onPages,
  );
  await progress.flush();
  await finishBook(task.orgId, task.jobId, written?.key ?? null, written?.pages ?? 0);
  return { ...task, pages: written?.pages ?? 0 };
}

/** Task MarkFailed. */
export async function failBookRun(task: BookTask & { error?: unknown }): Promise<BookTask> {
  log.error('directory book failed', { ...task, error: JSON.stringify(task.error ?? null).slice(0, 500) });
  await failBook(task.orgId, task.jobId, BOOK_MESSAGES.failed);
  return { orgId: task.orgId, jobId: task.jobId };
}
