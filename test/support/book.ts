/**
 * The church's printed book as the Families page makes it, for the tests: started with the book
 * job (startDirectoryBook), followed (getDirectoryBook) until it ends, and downloaded.
 */
import { expect } from 'vitest';
import type { BookView, GetDirectoryBookResult, StartDirectoryBookResult } from '../../lambdas/contract/book';
import { call, jobWhenEnded } from './api';

/** The church's book once its run has ended (null: the church never made one). */
export const finishedBook = (token: string, timeoutMs = 60_000): Promise<BookView | null> =>
  jobWhenEnded(
    'getDirectoryBook',
    token,
    (body: GetDirectoryBookResult) => body.book,
    (book) => book?.status === 'RUNNING',
    timeoutMs,
  );

/** Makes the church's book (with `body`'s choices, else the church's setting): the run as it ended, and the file's bytes (null: nothing to print). */
export async function makeBook(
  token: string,
  body: object = {},
): Promise<{ book: BookView; bytes: Uint8Array | null }> {
  const started = await call<StartDirectoryBookResult>('startDirectoryBook', { token, body });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const book = (await finishedBook(token))!;
  expect(book.jobId).toBe(started.body.book.jobId);
  expect(book.status, JSON.stringify(book)).toBe('SUCCEEDED');
  if (!book.url) return { book, bytes: null };
  const response = await fetch(book.url);
  expect(response.status).toBe(200);
  return { book, bytes: new Uint8Array(await response.arrayBuffer()) };
}
