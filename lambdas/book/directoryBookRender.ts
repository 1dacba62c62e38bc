/**
 * The book job's tasks (lambdas/tasks/directoryBook): Read (side by side, a Map state) reads the
 * church in slices, Plan joins them, lays the book out and cuts it into parts, each Part (side by
 * side, a Map state) draws and stores its pages, Join makes the parts the book's file
 * (directoryPdf.ts); then the run SUCCEEDED with its file and the church's previous book deleted.
 * Each part adds its pages done to the book item as its bytes go out. Or, given the error,
 * MarkFailed ends the run FAILED, its file (if any was written) deleted. Books are kept under
 * `books/`, which nothing expires (bookKeys.ts): the church's book is there for as long as the
 * app offers it. Apart from directoryBook.ts so the routes that start and read books do not
 * bundle the renderer.
 */
import { BOOK_MESSAGES } from '../contract/book';
import { env } from '../platform/env';
import { log, safeError } from '../platform/log';
import { deleteObject } from '../platform/aws/s3-objects';
import { bookKey } from './bookKeys';
import {
  deleteBookWork,
  joinDirectoryBook,
  planDirectoryBook,
  readBookSlice,
  renderDirectoryBookPart,
  type PlannedBook,
} from './directoryPdf';
import { addBookProgress, failBook, finishBook, getBook, setBookProgress } from './repos/book';

/** What the state machine carries: which church, which run. */
export interface BookTask {
  orgId: string;
  jobId: string;
}

/** The church's slices, as the job's state names them (the Read Map's items, one invocation each). */
export interface BookSlices extends BookTask {
  slices: number[];
}

/** Plan's answer, carried to the parts and the join: the parts' numbers for the Map, the book's head for the end. */
export interface BookPlanned extends BookTask {
  parts: number[];
  head: PlannedBook['head'] | null;
}

/** Progress is written at most this often (the page polls every second). */
const PROGRESS_EVERY_MS = 1000;

/** Adds a part's pages done at most once a second, one write at a time; `flush` waits for the last and adds the rest. */
function progressWriter(task: BookTask) {
  let last = 0;
  let told = 0;
  let done = 0;
  let writing: Promise<unknown> | null = null;
  const write = () => {
    last = Date.now();
    const pages = done - told;
    told = done;
    writing = addBookProgress(task.orgId, task.jobId, pages)
      .catch((error: unknown) => log.warn('book progress not written', { ...task, error: safeError(error) }))
      .finally(() => (writing = null));
  };
  return {
    onPages(pages: number) {
      done = pages;
      if (writing || done === told || Date.now() - last < PROGRESS_EVERY_MS) return;
      write();
    },
    async flush() {
      await writing;
      if (done > told) write();
      await writing;
    },
  };
}

const deleteBookFile = (key: string) => deleteObject(env('EXPORTS_BUCKET'), key);

/** Whether the task's run is still the church's running book (a later run is never touched). */
async function current(task: BookTask) {
  const record = await getBook(task.orgId);
  return record && record.jobId === task.jobId && record.status === 'RUNNING' ? record : null;
}

/** Task Read: one slice of the church read for the plan (nothing, for a run no longer current). */
export async function readBookRunSlice(
  task: BookSlices & { slice: number },
): Promise<{ slice: number; families: number }> {
  const record = await current(task);
  if (!record) return { slice: task.slice, families: 0 };
  const slice = { index: task.slice, of: task.slices.length };
  return { slice: task.slice, families: await readBookSlice(task.orgId, task.jobId, slice, record) };
}

/**
 * Task Plan: the slices joined, the book laid out and cut into parts, its total pages on the
 * item. A church with nothing to print ends the run at once (SUCCEEDED, no file), as does a run
 * no longer current: no parts, and Join has nothing to do.
 */
export async function planBookRun(task: BookSlices): Promise<BookPlanned> {
  const record = await current(task);
  if (!record) return { orgId: task.orgId, jobId: task.jobId, parts: [], head: null };
  const planned = await planDirectoryBook(task.orgId, task.jobId, task.slices.length, record);
  if (!planned) {
    const replaced = await finishBook(task.orgId, task.jobId, null, 0);
    if (replaced) await deleteBookFile(replaced);
    return { orgId: task.orgId, jobId: task.jobId, parts: [], head: null };
  }
  await setBookProgress(task.orgId, task.jobId, 0, planned.head.pages);
  const parts = Array.from({ length: planned.parts }, (_, part) => part);
  return { orgId: task.orgId, jobId: task.jobId, parts, head: planned.head };
}

/** Task Part: one part's pages drawn and stored, its pages added to the item as its bytes go out. */
export async function renderBookPart(task: BookTask & { part: number }): Promise<{ part: number; pages: number }> {
  if (!(await current(task))) return { part: task.part, pages: 0 };
  const progress = progressWriter(task);
  const { pages } = await renderDirectoryBookPart(task.orgId, task.jobId, task.part, progress.onPages);
  await progress.flush();
  return { part: task.part, pages };
}

/**
 * Task Join: the parts joined into the run's file, then the run SUCCEEDED with it and the file it
 * replaces deleted (a run no longer current is left alone, and a file it wrote too late deleted);
 * the run's work deleted either way.
 */
export async function joinBook(task: BookPlanned): Promise<BookTask & { pages: number }> {
  if (!task.head || !task.parts.length || !(await current(task))) {
    await deleteBookWork(task.orgId, task.jobId);
    return { orgId: task.orgId, jobId: task.jobId, pages: 0 };
  }
  const written = await joinDirectoryBook(
    task.orgId,
    task.jobId,
    task.head,
    task.parts.length,
    bookKey(task.orgId, task.jobId),
  );
  const replaced = await finishBook(task.orgId, task.jobId, written.key, written.pages);
  if (replaced === undefined) await deleteBookFile(written.key);
  if (replaced) await deleteBookFile(replaced);
  await deleteBookWork(task.orgId, task.jobId);
  return { orgId: task.orgId, jobId: task.jobId, pages: written.pages };
}

/** Task MarkFailed: the run FAILED, and what it may have written goes (never the church's book). */
export async function failBookRun(task: BookTask & { error?: unknown }): Promise<BookTask> {
  log.error('directory book failed', { ...task, error: JSON.stringify(task.error ?? null).slice(0, 500) });
  // Its work first: once the item says FAILED, the run has left nothing behind.
  await deleteBookWork(task.orgId, task.jobId);
  await failBook(task.orgId, task.jobId, BOOK_MESSAGES.failed);
  const key = bookKey(task.orgId, task.jobId);
  if ((await getBook(task.orgId))?.fileKey !== key) await deleteBookFile(key);
  return { orgId: task.orgId, jobId: task.jobId };
}
