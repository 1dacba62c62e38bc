/**
 * The printed book as a job (issue 14, part 3) through the API and the local Step Functions: an
 * admin starts it and follows it, a second admin's start joins the same run, the finished book
 * downloads (read back with pdf.js) and stays until the next one is made; another church sees
 * nothing of it; bad input changes nothing.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  BookView,
  GetDirectoryBookResult,
  SetBookSettingsResult,
  StartDirectoryBookResult,
} from '../../lambdas/contract/book';
import { BOOK_MESSAGES } from '../../lambdas/contract/book';
import { PDF_MESSAGES } from '../../lambdas/contract/pdf';
import { bookKey, bookPartsPrefix, churchBooksPrefix } from '../../lambdas/book/bookKeys';
import { listKeys } from '../../lambdas/platform/aws/s3-objects';
import { call } from '../support/api';
import { stack } from '../support/env';
import { expectRefusedUnchanged } from '../support/bad-input';
import { finishedBook } from '../support/book';
import { createAccountIn, createChurch, type Church } from '../support/fixtures';
import { injectFault } from '../support/jobs';
import { pdfText } from '../support/pdfText';

async function addFamily(token: string, surname: string, name: string) {
  const family = await call<{ id: string }>('addFamily', {
    token,
    body: {
      surname,
      street: '12 Elm Street',
      city: 'Raleigh',
      state: 'NC',
      zipcode: '27601',
      phone: '919-555-0100',
      anniversary: '06/12',
      photo: null,
    },
  });
  expect(family.status, JSON.stringify(family.body)).toBe(200);
  const member = await call('addMember', {
    token,
    body: { familyId: family.body.id, name, birthday: '03/14', cellphone: null, email: null },
  });
  expect(member.status, JSON.stringify(member.body)).toBe(200);
}

const readBook = async (token: string) => {
  const answer = await call<GetDirectoryBookResult>('getDirectoryBook', { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.book;
};

const finished = async (token: string): Promise<BookView> => (await finishedBook(token))!;

/** The files in the church's books folder of the exports bucket. */
const bookFiles = async (orgId: string) =>
  (await listKeys(stack.env.EXPORTS_BUCKET!, churchBooksPrefix(orgId), 100)).keys;

/** What a run left of its work (its parts), which it deletes whether it succeeds or fails. */
const workLeft = async (orgId: string, jobId: string) =>
  (await listKeys(stack.env.EXPORTS_BUCKET!, bookPartsPrefix(orgId, jobId), 100)).keys;

const bookText = async (url: string) => {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toContain('directory.pdf');
  return pdfText(new Uint8Array(await response.arrayBuffer()));
};

describe('the directory book job', () => {
  let church: Church;
  let secondAdmin: string;

  beforeAll(async () => {
    church = await createChurch();
    secondAdmin = (await createAccountIn(church.orgId, { admin: true })).token;
    await addFamily(church.adminToken, 'Okafor', 'Chidi Okafor');
    await addFamily(church.adminToken, 'Lindqvist', 'Åsa Lindqvist');
  });

  afterEach(() => injectFault(null));

  it('a church that never made a book has none', async () => {
    const other = await createChurch();
    expect(await readBook(other.adminToken)).toBeNull();
  });

  it('starts, is joined by a second admin, shows its progress and ends with a download', async () => {
    // A slow Plan, so that the second start lands while the first runs.
    await injectFault({ state: 'Plan', delayMs: 1500 });
    const first = await call<StartDirectoryBookResult>('startDirectoryBook', {
      token: church.adminToken,
      body: { paper: 'a4', photos: false },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.joined).toBe(false);
    expect(first.body.book).toMatchObject({ status: 'RUNNING', paper: 'a4', photos: false, url: null });
    expect(first.body.book.message).toBe(BOOK_MESSAGES.preparing);

    const second = await call<StartDirectoryBookResult>('startDirectoryBook', { token: secondAdmin, body: {} });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.joined).toBe(true);
    expect(second.body.book.jobId).toBe(first.body.book.jobId);
    // The joined run keeps the first start's choices.
    expect(second.body.book.paper).toBe('a4');
    expect((await readBook(secondAdmin))?.status).toBe('RUNNING');

    const book = await finished(church.adminToken);
    expect(book.jobId).toBe(first.body.book.jobId);
    expect(book.status, JSON.stringify(book)).toBe('SUCCEEDED');
    expect(book.message).toBe(PDF_MESSAGES.generated);
    expect(book.progress.totalPages).toBeGreaterThan(0);
    expect(book.progress.pages).toBe(book.progress.totalPages);
    // Kept under books/, which the exports bucket's expiry does not cover.
    expect(decodeURIComponent(book.url!)).toContain(bookKey(church.orgId, book.jobId));
    const text = await bookText(book.url!);
    expect(text).toContain('Okafor');
    expect(text).toContain('Lindqvist');
    // Deleted once the item says SUCCEEDED, as the run's last step.
    await expect.poll(() => workLeft(church.orgId, book.jobId)).toEqual([]);
  });

  it('the finished book stays for download until the next one is made', async () => {
    const last = await finished(church.adminToken);
    // Read again later: the same file.
    const again = (await readBook(secondAdmin))!;
    expect(again.jobId).toBe(last.jobId);
    expect(again.url!.split('?')[0]).toBe(last.url!.split('?')[0]);

    await addFamily(church.adminToken, 'Mensah', 'Kofi Mensah');
    const next = await call<StartDirectoryBookResult>('startDirectoryBook', { token: church.adminToken, body: {} });
    expect(next.body.joined).toBe(false);
    expect(next.body.book.jobId).not.toBe(last.jobId);
    const made = await finished(church.adminToken);
    expect(made.status).toBe('SUCCEEDED');
    expect(made.paper).toBe('letter');
    expect(made.url!.split('?')[0]).not.toBe(last.url!.split('?')[0]);
    expect(await bookText(made.url!)).toContain('Mensah');
    // The new book replaced the old: only its file is left in the church's folder.
    expect(await bookFiles(church.orgId)).toEqual([bookKey(church.orgId, made.jobId)]);
  });

  it('a run that fails ends FAILED with the error text, and the next start makes a new one', async () => {
    // The parts are made; joining them keeps failing.
    await injectFault({ state: 'Join', fastRetries: true });
    const started = await call<StartDirectoryBookResult>('startDirectoryBook', { token: church.adminToken, body: {} });
    expect(started.status).toBe(200);
    const failed = await finished(church.adminToken);
    expect(failed).toMatchObject({ status: 'FAILED', message: BOOK_MESSAGES.failed, url: null });
    // The failed run left no file, and the church's last book is still there.
    const kept = await bookFiles(church.orgId);
    expect(kept).toHaveLength(1);
    expect(kept).not.toContain(bookKey(church.orgId, failed.jobId));
    expect(await workLeft(church.orgId, failed.jobId)).toEqual([]);
    await injectFault(null);
    const retried = await call<StartDirectoryBookResult>('startDirectoryBook', { token: church.adminToken, body: {} });
    expect(retried.body.joined).toBe(false);
    expect((await finished(church.adminToken)).status).toBe('SUCCEEDED');
  });

  it('another church never sees this church’s book', async () => {
    const other = await createChurch();
    const mine = await finished(church.adminToken);
    expect(await readBook(other.adminToken)).toBeNull();
    const theirs = await call<StartDirectoryBookResult>('startDirectoryBook', { token: other.adminToken, body: {} });
    expect(theirs.body.book.jobId).not.toBe(mine.jobId);
    const made = await finished(other.adminToken);
    // Nothing to print in an empty church: no file, and the texts say so.
    expect(made).toMatchObject({ status: 'SUCCEEDED', url: null, message: PDF_MESSAGES.empty });
  });

  it('the administrators’ choice is the church’s book setting: shown to every admin, used by the next book', async () => {
    const fresh = await createChurch();
    await addFamily(fresh.adminToken, 'Nakamura', 'Yuki Nakamura');
    // Never chosen: no setting (the page then offers the browser's country's paper).
    expect(
      (await call<GetDirectoryBookResult>('getDirectoryBook', { token: fresh.adminToken })).body.settings,
    ).toBeNull();
    const saved = await call<SetBookSettingsResult>('setBookSettings', {
      token: fresh.adminToken,
      body: { paper: 'a4', photos: false },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings).toEqual({ paper: 'a4', photos: false, cover: null });
    const other = await createAccountIn(fresh.orgId, { admin: true });
    const read = await call<GetDirectoryBookResult>('getDirectoryBook', { token: other.token });
    expect(read.body.settings).toEqual({ paper: 'a4', photos: false, cover: null });
    // A start that chooses nothing is made with the setting.
    const started = await call<StartDirectoryBookResult>('startDirectoryBook', { token: other.token, body: {} });
    expect(started.body.book).toMatchObject({ paper: 'a4', photos: false });
    const made = await finished(fresh.adminToken);
    expect(made).toMatchObject({ status: 'SUCCEEDED', paper: 'a4', photos: false });
    // Another church's setting is its own.
    expect(
      (await call<GetDirectoryBookResult>('getDirectoryBook', { token: church.adminToken })).body.settings,
    ).toBeNull();
  });

  it('a bad book setting gets a clear 400 and changes nothing', async () => {
    for (const [body, message] of [
      [{ paper: 'a3', photos: true }, 'Paper must be letter or a4.'],
      [{ photos: true }, 'Paper must be letter or a4.'],
      [{ paper: 'letter', photos: 'no' }, 'Photos must be true or false.'],
      [{ paper: 'letter' }, 'Photos must be true or false.'],
    ] as const)
      await expectRefusedUnchanged(church.adminToken, 'setBookSettings', { body }, message);
  });

  it('bad input gets a clear 400 and changes nothing', async () => {
    const before = await finished(church.adminToken);
    for (const [body, message] of [
      [{ paper: 'a3' }, 'Paper must be letter or a4.'],
      [{ photos: 'yes' }, 'Photos must be true or false.'],
    ] as const)
      await expectRefusedUnchanged(church.adminToken, 'startDirectoryBook', { body }, message);
    expect((await readBook(church.adminToken))?.jobId).toBe(before.jobId);
  });
});
