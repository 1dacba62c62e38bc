import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FamilyView, ListFamiliesResult } from '../../lambdas/contract/api';
import type { BookSettings, BookView } from '../../lambdas/contract/book';
import { jsonResponse, POLLED, renderApp, routedFetch, signedInAs, stubFetch } from './helpers';
import { mediaQueryList } from './setup';

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

/** A book made in full, ready to download. */
const madeBook = () =>
  book({
    status: 'SUCCEEDED',
    progress: { pages: 10, totalPages: 10 },
    url: URL_OK,
    finishedAt: '2026-11-24T10:01:00Z',
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
/** The toolbar's Print the directory button, which shows and hides the book's controls. */
const printToggle = () => screen.findByRole('button', { name: 'Print the directory' });
/** Opens the book's controls and finds Download PDF in them. */
async function openPrint() {
  const toggle = await printToggle();
  await waitFor(() => expect(toggle.closest('[inert]')).toBeNull());
  if (toggle.getAttribute('aria-expanded') !== 'true') fireEvent.click(toggle);
  return screen.findByRole('button', { name: 'Download PDF' });
}
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
    expect((await openPrint()).hasAttribute('disabled')).toBe(false);
    unmount();
    renderApp('/families/grid');
    await openPrint();
  });

  it('is not offered to members', async () => {
    signedInAs({});
    api({ families: [family], canAddFamily: false, next: null, previous: null }, () => jsonResponse(500, {}));
    renderApp('/families');
    await screen.findByRole('article', { name: 'Adams Family' });
    expect(screen.queryByRole('button', { name: 'Print the directory' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download PDF', hidden: true })).toBeNull();
  });

  it('starts the book, reads Generating... with its progress while it is made, then downloads directory.pdf and says so', async () => {
    const fetchMock = api({ families: [family], canAddFamily: true, next: null, previous: null }, started(book()), [
      null,
      book({ progress: { pages: 3, totalPages: 10 } }),
      madeBook(),
    ]);
    renderApp('/families');
    fireEvent.click(await openPrint());

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
    fireEvent.click(await openPrint());
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
    await openPrint();
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
    await openPrint();
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
    await openPrint();
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
    await openPrint();
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
    await openPrint();
    await waitFor(() => expect(paper().value).toBe('letter'));
    fireEvent.change(paper(), { target: { value: 'a4' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Error: Paper must be letter or a4.'));
    expect(paper().value).toBe('letter');
  });
});

describe('Print the directory', () => {
  const list: ListFamiliesResult = { families: [family], canAddFamily: true, next: null, previous: null };
  const refused = () => jsonResponse(500, {});
  const panelOf = (toggle: HTMLElement) => document.getElementById(toggle.getAttribute('aria-controls') ?? '')!;
  /** What the page says beside the button (its accessible description). */
  const saidBeside = (toggle: HTMLElement) =>
    document.getElementById(toggle.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
  async function readyToggle() {
    const toggle = await printToggle();
    await waitFor(() => expect(toggle.closest('[inert]')).toBeNull());
    return toggle;
  }

  /** A phone or a desk: the window's width and the media queries that read it. */
  function atWidth(width: number) {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
      const min = /min-width:\s*(\d+)px/.exec(query);
      const max = /max-width:\s*(\d+)px/.exec(query);
      return mediaQueryList(query, (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])));
    });
  }

  it.each([375, 1280])(
    'starts folded at %i px: the families show, the book’s controls only once the button is pressed',
    async (width) => {
      atWidth(width);
      api(list, refused);
      renderApp('/families');
      await screen.findByRole('article', { name: 'Adams Family' });
      const toggle = await readyToggle();
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(panelOf(toggle).hidden).toBe(true);
      expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
      expect(screen.queryByRole('combobox', { name: 'Paper' })).toBeNull();
      expect(saidBeside(toggle)).toBeNull();

      fireEvent.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(panelOf(toggle).hidden).toBe(false);
      expect(panelOf(toggle).contains(screen.getByRole('button', { name: 'Download PDF' }))).toBe(true);
      expect(screen.getByRole('combobox', { name: 'Paper' })).toBeTruthy();
      expect(screen.getByRole('checkbox', { name: 'Photos' })).toBeTruthy();

      fireEvent.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    },
  );

  it('opens and closes from the keyboard, its controls next in the tab order', async () => {
    const user = userEvent.setup();
    api(list, refused);
    renderApp('/families');
    const toggle = await readyToggle();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Paper' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(toggle);
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('combobox', { name: 'Paper' })).toBeNull();
  });

  it('opens itself while a book is being made, and once closed says so beside the button', async () => {
    api(list, refused, [book({ progress: { pages: 3, totalPages: 10 } })]);
    renderApp('/families');
    const toggle = await readyToggle();
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getByRole('status').textContent).toContain('Preparing your directory: page 3 of 10...');
    expect(screen.getByRole('progressbar', { name: 'Directory progress' })).toBeTruthy();
    expect(button().textContent).toContain('Generating...');
    expect(saidBeside(toggle)).toBe('Book in progress');

    // Closed during the run, it stays closed while the page follows the book.
    fireEvent.click(toggle);
    expect(screen.queryByRole('progressbar', { name: 'Directory progress' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(saidBeside(toggle)).toBe('Book in progress');
  });

  it('says a made book is ready beside the folded button, and offers it once opened', async () => {
    api(list, refused, [madeBook()]);
    renderApp('/families');
    const toggle = await readyToggle();
    await waitFor(() => expect(saidBeside(toggle)).toBe('Book ready'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: /Last book/ })).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByRole('link', { name: /Last book/ }).getAttribute('href')).toBe(URL_OK);
    expect(clicked).toEqual([]);
  });
});
