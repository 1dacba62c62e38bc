import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FamilyView, ListFamiliesResult } from '../../lambdas/contract/api';
import type { BookSettings, BookView } from '../../lambdas/contract/book';
import { jsonResponse, POLLED, renderApp, routedFetch, signedInAs, stubFetch } from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

const family: FamilyView = {
  familyId: 'f-adams',
  surname: 'Adams',
  street: null,
  city: null,
  state: null,
  zipcode: null,
  phone: null,
  anniversary: null,
  photoUrl: null,
  photoSrcset: null,
  photoSize: null,
  version: 1,
  canEdit: true,
  privacy: null,
  members: [],
};

const URL_OK = 'https://exports.example/exports/org-1/directory-2025.pdf?X-Amz-Signature=abc';

/** A book as the API answers it. */
const book = (over: Partial<BookView> = {}): BookView => ({
  jobId: 'job-1',
  status: 'RUNNING',
  paper: 'letter',
  photos: true,
  startedAt: '2026-11-24T10:00:00Z',
  finishedAt: null,
  progress: { pages: 0, totalPages: 0 },
  url: null,
  message: 'Preparing your directory...',
  error: null,
  ...over,
});

/**
 * The families list and the book: `start` answers POST /api/directory/book (a start or a join),
 * `books` the successive GET /api/directory/book (the last repeats; the church's book before any start is null).
 */
function api(list: ListFamiliesResult, start: () => Response | Promise<Response>, books: (BookView | null)[] = [null]) {
  let read = 0;
  return stubFetch((url, init) => {
    if (url === '/api/families' && (init.method ?? 'GET') === 'GET') return jsonResponse(200, list);
    if (url === '/api/directory/book' && init.method === 'POST') return start();
    if (url === '/api/directory/book')
      return jsonResponse(200, { success: true, book: books[Math.min(read++, books.length - 1)] });
    return jsonResponse(404, { error: { code: 'not-found', message: 'nope' } });
  });
}

const started = (b: BookView) => () => jsonResponse(200, { success: true, joined: false, book: b });

const button = () => screen.getByRole('button', { name: /Download PDF|Generating/ });
let clicked: { href: string; download: string; pageSaid: string }[];

beforeEach(() => {
  vi.clearAllMocks();
  signedInAs({ admin: true });
  clicked = [];
  // The browser's download: record the link instead of navigating jsdom.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const said = document.querySelector('.PageStatus_family-status')?.textContent ?? '';
    clicked.push({ href: this.href, download: this.download, pageSaid: said });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('Download PDF', () => {
  it('is offered to admins on the list and the grid, and to no one else', async () => {
    api({ families: [family], canAddFamily: true, next: null, previous: null }, () => jsonResponse(500, {}));
    const { unmount } = renderApp('/families');
    expect((await screen.findByRole('button', { name: 'Download PDF' })).hasAttribute('disabled')).toBe(false);
    unmount();
    renderApp('/families/grid');
    await screen.findByRole('button', { name: 'Download PDF' });
  });

  it('is not offered to members', async () => {
    signedInAs({});
    api({ families: [family], canAddFamily: false, next: null, previous: null }, () => jsonResponse(500, {}));
    renderApp('/families');
    await screen.findByRole('article', { name: 'Adams Family' });
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
  });

  it('starts the book, reads Generating... with its progress while it is made, then downloads directory.pdf and says so', async () => {
    const fetchMock = api({ families: [family], canAddFamily: true, next: null, previous: null }, started(book()), [
      null,
      book({ progress: { pages: 3, totalPages: 10 } }),
      book({
        status: 'SUCCEEDED',
        progress: { pages: 10, totalPages: 10 },
        url: URL_OK,
        finishedAt: '2026-11-24T10:01:00Z',
      }),
    ]);
    renderApp('/families');
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));

    await waitFor(() => expect(button().textContent).toContain('Generating...'));
    expect(button().hasAttribute('disabled')).toBe(true);
    fireEvent.click(button());
    expect(
      fetchMock.mock.calls.filter(([url, init]) => url === '/api/directory/book' && init?.method === 'POST'),
    ).toHaveLength(1);
    await screen.findByText('Preparing your directory: page 3 of 10...', {}, POLLED);

    await screen.findByText('PDF download started!', {}, POLLED);
    // The browser's download starts while the page says the file is being prepared.
    expect(clicked).toEqual([
      { href: URL_OK, download: 'directory.pdf', pageSaid: 'PDF generated. Preparing download...' },
    ]);
    expect(button().textContent).toBe('Download PDF');
    expect(button().hasAttribute('disabled')).toBe(false);
  });

  it('says nothing was found, and downloads nothing, for a church without families', async () => {
    const empty = 'Directory generation complete, but no families or members were found to include.';
    api({ families: [family], canAddFamily: true, next: null, previous: null }, started(book()), [
      null,
      book({ status: 'SUCCEEDED', message: empty, finishedAt: '2026-11-24T10:01:00Z' }),
    ]);
    renderApp('/families');
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await screen.findByText(empty, {}, POLLED);
    expect(clicked).toEqual([]);
  });

  it('shows the server’s message, its generic text, or the could-not-generate text without an answer', async () => {
    const answers = [
      () => jsonResponse(500, { error: { code: 'internal', message: 'PDF generation failed on the server.' } }),
      () =>
        jsonResponse(403, {
          error: { code: 'permission-denied', message: 'You do not have permission to perform this action.' },
        }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ];
    let next = 0;
    api({ families: [family], canAddFamily: true, next: null, previous: null }, () => answers[next++]!());
    renderApp('/families');
    const expected = [
      'Error: PDF generation failed on the server.',
      'Error: You do not have permission to perform this action.',
      'Error: Could not generate PDF.',
    ];
    for (const text of expected) {
      fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(text));
    }
    expect(clicked).toEqual([]);
  });
});

describe('The book setting beside Download PDF', () => {
  const list: ListFamiliesResult = { families: [family], canAddFamily: true, next: null, previous: null };
  const paper = () => screen.getByRole('combobox', { name: 'Paper' }) as HTMLSelectElement;
  const photos = () => screen.getByRole('checkbox', { name: 'Photos' }) as HTMLInputElement;

  function church(settings: BookSettings | null) {
    const fake = routedFetch();
    let saved = settings;
    fake.api({
      'GET /api/families': () => jsonResponse(200, list),
      'GET /api/directory/book': () => jsonResponse(200, { success: true, book: null, settings: saved }),
      'PUT /api/directory/book/settings': (init) => {
        const body = JSON.parse(String(init.body));
        saved = {
          paper: body.paper,
          photos: body.photos,
          cover: body.coverPhoto === null ? null : (saved?.cover ?? null),
        };
        return jsonResponse(200, { success: true, settings: saved });
      },
      'POST /api/directory/book': () => jsonResponse(200, { success: true, joined: false, book: book() }),
    });
    return fake;
  }

  it('shows the church’s setting as the default', async () => {
    church({ paper: 'a4', photos: false, cover: null });
    renderApp('/families');
    await waitFor(() => expect(paper().value).toBe('a4'));
    expect(photos().checked).toBe(false);
    expect(screen.getByText('Add cover photo')).toBeTruthy();
    expect(screen.queryByRole('img', { name: "The book's cover photo" })).toBeNull();
  });

  it('shows the cover photo, which can be removed', async () => {
    const cover = {
      photo: 'org-1/photos/book-cover/c.jpg',
      url: 'https://photos.example/c.webp',
      width: 600,
      height: 400,
    };
    const fake = church({ paper: 'letter', photos: true, cover });
    renderApp('/families');
    const preview = await screen.findByRole('img', { name: "The book's cover photo" });
    expect(preview.getAttribute('src')).toBe(cover.url);
    expect(screen.getByText('Change cover photo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove cover' }));
    await waitFor(() =>
      expect(fake.calls('PUT /api/directory/book/settings')).toEqual([
        { paper: 'letter', photos: true, coverPhoto: null },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('img', { name: "The book's cover photo" })).toBeNull());
    expect(screen.getByText('Add cover photo')).toBeTruthy();
  });

  it('saves a change as the church’s setting at once, and the book is started with it', async () => {
    const fake = church({ paper: 'letter', photos: true, cover: null });
    renderApp('/families');
    await waitFor(() => expect(paper().value).toBe('letter'));
    fireEvent.change(paper(), { target: { value: 'a4' } });
    await waitFor(() =>
      expect(fake.calls('PUT /api/directory/book/settings')).toEqual([{ paper: 'a4', photos: true }]),
    );
    fireEvent.click(photos());
    await waitFor(() =>
      expect(fake.calls('PUT /api/directory/book/settings').at(-1)).toEqual({ paper: 'a4', photos: false }),
    );
    await waitFor(() => expect(photos().disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(fake.calls('POST /api/directory/book')).toEqual([{ paper: 'a4', photos: false }]));
  });

  it('says so when the setting could not be saved, and shows the church’s setting again', async () => {
    const fake = church({ paper: 'letter', photos: true, cover: null });
    fake.api({
      'PUT /api/directory/book/settings': () =>
        jsonResponse(400, { error: { code: 'invalid-argument', message: 'Paper must be letter or a4.' } }),
    });
    renderApp('/families');
    await waitFor(() => expect(paper().value).toBe('letter'));
    fireEvent.change(paper(), { target: { value: 'a4' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Error: Paper must be letter or a4.'));
    expect(paper().value).toBe('letter');
  });
});
