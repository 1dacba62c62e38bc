/**
 * The printed book as a job (issue 14, part 3). Starting it claims the church's book item (one
 * book at a time: a second start while one runs joins it and answers its id) and starts the
 * directoryBook state machine; its tasks make the book in parts (directoryBookRender.ts,
 * directoryPdf.ts: the visibility rule's print audience) and add the pages done to the item as
 * each part's file goes out; the Families page reads the item (with a presigned download once finished)
 * and so follows the job across reloads. The finished file stays the church's book until the next
 * run succeeds. The one way to make the book.
 */
import { randomUUID } from 'node:crypto';
import {
  BOOK_MESSAGES,
  bookProgressText,
  type BookView,
  type GetDirectoryBookResult,
  type StartDirectoryBookResult,
} from '../contract/book';
import { PDF_MESSAGES } from '../contract/pdf';
import { env } from '../platform/env';
import { log, safeError } from '../platform/log';
import { executionStatus, startExecution } from '../platform/aws/sfn';
import type { BookOptions } from './directoryPdf';
import { bookOptions, readBookSettings } from './bookSettings';
import { getBookSettings } from './repos/bookSettings';
import { downloadUrl } from './pdfDownload';
import { claimBook, failBook, getBook, setBookExecution, type BookRecord } from './repos/book';

/** Whether the run's execution still runs (a run whose execution is not known yet is taken as running). */
async function stillRuns(record: BookRecord): Promise<boolean> {
  if (!record.executionArn) return true;
  const status = await executionStatus(record.executionArn);
  return status === 'RUNNING' || status === 'PENDING_REDRIVE';
}

async function view(record: BookRecord, runs: boolean): Promise<BookView> {
  // A RUNNING run whose execution ended without saying so (aborted, timed out, a restarted local stack).
  const stopped = record.status === 'RUNNING' && !runs;
  const status = stopped ? 'FAILED' : record.status;
  const url = status === 'SUCCEEDED' && record.fileKey ? await downloadUrl(record.fileKey) : null;
  return {
    jobId: record.jobId,
    status,
    paper: record.paper,
    photos: record.photos,
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
    progress: { pages: Math.min(record.pagesDone, record.totalPages), totalPages: record.totalPages },
    url,
    message:
      status === 'RUNNING'
        ? bookProgressText(record.pagesDone, record.totalPages)
        : status === 'SUCCEEDED'
          ? record.fileKey
            ? PDF_MESSAGES.generated
            : PDF_MESSAGES.empty
          : BOOK_MESSAGES.failed,
    error: stopped ? BOOK_MESSAGES.stopped : status === 'FAILED' ? (record.error ?? BOOK_MESSAGES.failed) : null,
  };
}

/**
 * The run as the page sees it. A RUNNING record is checked against its execution, which ends just
 * after its Join task finishes the record: an execution found ended may have finished the record
 * after it was read, so it is read again before the run is called stopped.
 */
async function viewOf(record: BookRecord): Promise<BookView> {
  if (record.status !== 'RUNNING' || (await stillRuns(record))) return view(record, true);
  const latest = (await getBook(record.orgId)) ?? record;
  if (latest.status !== 'RUNNING') return view(latest, true);
  // Still RUNNING: stopped, unless a new run has taken its place meanwhile and that one runs.
  return view(latest, latest.jobId !== record.jobId && (await stillRuns(latest)));
}

/** The church's current (or last) book, or null when it never made one. */
export async function readBook(orgId: string): Promise<GetDirectoryBookResult> {
  const [record, settings] = await Promise.all([getBook(orgId), readBookSettings(orgId)]);
  return { success: true, book: record ? await viewOf(record) : null, settings };
}

/** Starts the church's book (with the choices asked for, else the church's setting), or joins the one being made. */
export async function startBook(
  orgId: string,
  startedBy: string,
  asked: Partial<BookOptions>,
): Promise<StartDirectoryBookResult> {
  const options = bookOptions(asked, await getBookSettings(orgId));
  const claim = { orgId, jobId: randomUUID(), ...options, startedBy, now: new Date().toISOString() };
  if (!(await claimBook(claim, null))) {
    const running = await getBook(orgId);
    if (running?.status === 'RUNNING' && (await stillRuns(running)))
      return { success: true, joined: true, book: await view(running, true) };
    // Its execution ended without ending the run: this start takes over.
    if (!(await claimBook(claim, running?.executionArn ?? null))) {
      const again = (await getBook(orgId))!;
      return { success: true, joined: true, book: await viewOf(again) };
    }
  }
  try {
    const executionArn = await startExecution(env('DIRECTORY_BOOK_STATE_MACHINE_ARN'), claim.jobId, {
      orgId,
      jobId: claim.jobId,
    });
    await setBookExecution(orgId, claim.jobId, executionArn);
  } catch (error) {
    log.error('directory book could not start', { orgId, jobId: claim.jobId, error: safeError(error) });
    await failBook(orgId, claim.jobId, 'The book could not be started.');
    throw error;
  }
  return { success: true, joined: false, book: await view((await getBook(orgId))!, true) };
}
