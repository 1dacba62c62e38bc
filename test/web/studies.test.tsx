/**
 * The Bible study pages with the API faked: the list (its cards, More, the empty state, Write a
 * study, the administrators' reading site), a study's page (its sessions, Markdown made safe, the
 * questions and references, its files, Edit and Delete), and the editor (sessions and items added,
 * moved and removed, files uploaded and kept, who reads it, what it sends, and the refusals it
 * shows, its own and the server's).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ATTACHMENT_MESSAGES,
  STUDY_MESSAGES,
  type AttachmentUploadResult,
  type AttachmentView,
  type ListStudiesResult,
  type StudySummary,
  type StudyView,
} from '../../lambdas/contract/studies';
import { studyDay } from '../../web/src/api/queries';
import { calendarDay } from '../../web/src/lib/calendarDay';
import { STUDY_TEXTS } from '../../web/src/features/studies/studyWords';
import {
  currentPath,
  eventually,
  FakeXhr,
  jsonResponse,
  meAnswer,
  pageShown,
  POLLED,
  renderApp,
  routedFetch,
  signedInAs,
} from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

/** The list as the pages ask for it: from the reader's calendar day. */
const LIST = `/api/studies?today=${studyDay()}`;

const summary = (over: Partial<StudySummary> = {}): StudySummary => ({
  studyId: 's-john',
  title: 'The Gospel of John',
  description: 'Seven signs, seven weeks.',
  sharing: 'groups',
  sessionCount: 7,
  nextSession: '2026-12-06',
  updatedAt: '2026-11-28T10:00:00Z',
  canEdit: false,
  ...over,
});

const list = (over: Partial<ListStudiesResult> = {}): ListStudiesResult => ({
  studies: [
    summary(),
    summary({
      studyId: 's-psalms',
      title: 'Psalms of Ascent',
      description: null,
      sharing: 'church',
      sessionCount: 1,
      nextSession: null,
    }),
    summary({ studyId: 's-ruth', title: 'Ruth', sharing: 'draft', sessionCount: 0, nextSession: null }),
  ],
  next: null,
  canWrite: false,
  groups: [],
  readingSite: null,
  ...over,
});

const study = (over: Partial<StudyView> = {}): StudyView => ({
  studyId: 's-john',
  title: 'The Gospel of John',
  description: 'Seven signs, seven weeks.',
  sharing: 'groups',
  groups: [
    { groupId: 'g-choir', groupName: 'Choir' },
    { groupId: 'g-youth', groupName: 'Youth Group' },
  ],
  sessions: [
    {
      title: 'The Word',
      date: '2026-12-06',
      items: [
        { kind: 'text', markdown: 'Open in **prayer**. See [notes](https://example.org/notes).' },
        { kind: 'scripture', reference: 'John 1:1-5', link: 'https://read.example/?search=John%201%3A1-5' },
        { kind: 'scripture', reference: 'Genesis 1:1', link: null },
        { kind: 'question', text: 'Who is the Word?' },
        { kind: 'question', text: 'What is the light?' },
        { kind: 'text', markdown: 'Close in prayer.' },
        { kind: 'question', text: 'What will you take home?' },
      ],
    },
    { title: null, date: null, items: [] },
  ],
  author: 'Pastor Ruth Adeyemi',
  canEdit: false,
  version: 4,
  updatedAt: '2026-11-28T10:00:00Z',
  ...over,
});

/** The page the test opened, once its title is there (a navigation's page: pageShown). */
const opened = (title: string) => screen.findByRole('heading', { level: 1, name: title });

let fake: ReturnType<typeof routedFetch>;
const answer =
  (body: unknown, status = 200) =>
  () =>
    jsonResponse(status, body);

beforeEach(() => {
  vi.clearAllMocks();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  fake = routedFetch();
  fake.api({ 'GET /api/me': answer(meAnswer({ listed: true, memberId: 'mem-1', familyId: 'fam-1' })) });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const PICTURE: AttachmentView = {
  kind: 'attachment',
  file: 'org-1/photos/study-files/22222222-2222-4222-8222-222222222222.jpg',
  name: 'The lamp and the bushel',
  type: 'image',
  url: 'https://s3.example/lamp.webp?X-Amz-Signature=1',
  width: 800,
  height: 450,
  pages: null,
};
const NOTES: AttachmentView = {
  kind: 'attachment',
  file: 'org-1/photos/study-files/11111111-1111-4111-8111-111111111111.pdf',
  name: 'Leader notes',
  type: 'pdf',
  url: 'https://s3.example/notes.pdf?X-Amz-Signature=2',
  width: 612,
  height: 792,
  pages: 3,
};

describe('/documents', () => {
  it('lists the studies as cards: title to its page, description, sessions, next session and who reads it', async () => {
    signedInAs({});
    fake.api({ [`GET ${LIST}`]: answer(list()) });
    renderApp('/documents');
    await opened(STUDY_MESSAGES.pageTitle);
    expect(screen.getByText(STUDY_MESSAGES.intro)).toBeTruthy();
    const john = await screen.findByRole('article', { name: 'The Gospel of John' });
    expect(within(john).getByRole('link', { name: 'The Gospel of John' }).getAttribute('href')).toBe(
      '/documents/s-john',
    );
    expect(john.textContent).toContain('Seven signs, seven weeks.');
    expect(john.textContent).toContain(`7 sessions · Next session: ${calendarDay('2026-12-06')}`);
    expect(within(john).getByText('Shared with groups')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Psalms of Ascent' })).getByText('Whole church')).toBeTruthy();
    const ruth = screen.getByRole('article', { name: 'Ruth' });
    expect(within(ruth).getByText('Draft')).toBeTruthy();
    expect(ruth.textContent).toContain('No sessions');
    // A member who leads no group writes none, and the reading site is the administrators'.
    expect(screen.queryByRole('link', { name: STUDY_TEXTS.write })).toBeNull();
    expect(screen.queryByLabelText(STUDY_TEXTS.readingSiteLabel)).toBeNull();
    expect(fake.calls(`GET ${LIST}`)).toHaveLength(1);
  });

  it('says when there is no study yet, and offers Write a study to those who may', async () => {
    signedInAs({});
    fake.api({ [`GET ${LIST}`]: answer(list({ studies: [], canWrite: true })) });
    renderApp('/documents');
    expect(await screen.findByText(STUDY_MESSAGES.empty)).toBeTruthy();
    expect(screen.getByRole('link', { name: STUDY_TEXTS.write }).getAttribute('href')).toBe('/documents/new');
  });

  it('asks for the next page after the place the last one gave with More, and adds its studies below', async () => {
    signedInAs({});
    fake.api({
      [`GET ${LIST}`]: answer(list({ studies: [summary()], next: 'place-1' })),
      [`GET ${LIST}`.replace('?', '?after=place-1&')]: answer(
        list({ studies: [summary({ studyId: 's-acts', title: 'Acts' })] }),
      ),
    });
    const user = userEvent.setup();
    renderApp('/documents');
    await user.click(await screen.findByRole('button', { name: STUDY_TEXTS.more }));
    await screen.findByRole('article', { name: 'Acts' });
    expect(screen.getAllByRole('article').map((a) => a.querySelector('h2')!.textContent)).toEqual([
      'The Gospel of John',
      'Acts',
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: STUDY_TEXTS.more })).toBeNull());
  });

  it('shows the server’s words when the list cannot be read', async () => {
    signedInAs({});
    fake.api({ [`GET ${LIST}`]: answer({ error: { code: 'permission-denied', message: 'Not for you.' } }, 403) });
    renderApp('/documents');
    expect((await screen.findByRole('alert')).textContent).toContain('Not for you.');
  });

  it('lets an administrator choose where references open, checking the address first', async () => {
    signedInAs({ admin: true });
    fake.api({
      [`GET ${LIST}`]: answer(list({ canWrite: true, readingSite: null })),
      'PUT /api/reading-site': answer({ success: true, message: STUDY_MESSAGES.readingSiteSaved }),
    });
    const user = userEvent.setup();
    renderApp('/documents');
    const field = (await screen.findByLabelText(STUDY_TEXTS.readingSiteLabel)) as HTMLInputElement;
    expect(field.value).toBe('');
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby')!)!.textContent).toBe(
      `${STUDY_TEXTS.readingSiteHint}${STUDY_TEXTS.readingSiteNone}`,
    );
    const save = screen.getByRole('button', { name: 'Save Reading Site' });

    await user.type(field, 'http://example.org/{{passage}');
    await user.click(save);
    expect((await screen.findByRole('alert')).textContent).toContain(STUDY_MESSAGES.readingSite);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls('PUT /api/reading-site')).toEqual([]);

    await user.clear(field);
    await user.type(field, 'https://www.biblegateway.com/passage/?search={{passage}');
    await user.click(save);
    expect(await screen.findByText(STUDY_MESSAGES.readingSiteSaved)).toBeTruthy();
    expect(fake.calls('PUT /api/reading-site')).toEqual([
      { readingSite: 'https://www.biblegateway.com/passage/?search={passage}' },
    ]);

    // Emptied: references show without a link.
    await user.clear(field);
    await user.click(save);
    await eventually(() => expect(fake.calls('PUT /api/reading-site')).toHaveLength(2));
    expect(fake.calls('PUT /api/reading-site')[1]).toEqual({ readingSite: null });
  });
});

describe('/documents/:studyId', () => {
  it('shows the study: who wrote it and reads it, each session with its date, texts, references and questions', async () => {
    signedInAs({});
    fake.api({ 'GET /api/studies/s-john': answer({ study: study() }) });
    renderApp('/documents/s-john');
    await opened('The Gospel of John');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: STUDY_MESSAGES.pageTitle }).getAttribute('href')).toBe(
      '/documents',
    );
    const main = document.querySelector('main') ?? document.body;
    expect(main.textContent).toContain('By Pastor Ruth Adeyemi');
    expect(main.textContent).toContain('Shared with Choir and Youth Group.');
    expect(main.textContent).toContain('Seven signs, seven weeks.');

    const first = screen.getByRole('region', { name: 'Session 1: The Word' });
    expect(within(first).getByText(calendarDay('2026-12-06')).getAttribute('datetime')).toBe('2026-12-06');
    expect(within(first).getByText('prayer', { selector: 'strong' })).toBeTruthy();
    const notes = within(first).getByRole('link', { name: 'notes' });
    expect([notes.getAttribute('href'), notes.getAttribute('target'), notes.getAttribute('rel')]).toEqual([
      'https://example.org/notes',
      '_blank',
      'noopener noreferrer',
    ]);

    const read = within(first).getByRole('list', { name: STUDY_TEXTS.read });
    const john = within(read).getByRole('link', { name: /John 1:1-5/ });
    expect([john.getAttribute('href'), john.getAttribute('target'), john.getAttribute('rel')]).toEqual([
      'https://read.example/?search=John%201%3A1-5',
      '_blank',
      'noopener noreferrer',
    ]);
    // No reading site for this one: its name, no link.
    expect(within(read).getByText('Genesis 1:1').closest('a')).toBeNull();

    const discuss = within(first).getAllByRole('list', { name: STUDY_TEXTS.discuss });
    expect(discuss.map((ol) => [ol.getAttribute('start'), [...ol.children].map((li) => li.textContent)])).toEqual([
      ['1', ['Who is the Word?', 'What is the light?']],
      ['3', ['What will you take home?']],
    ]);

    const second = screen.getByRole('region', { name: 'Session 2' });
    expect(second.textContent).toContain(STUDY_TEXTS.noItems);
    expect(screen.queryByRole('link', { name: 'Edit Study' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Study' })).toBeNull();
  });

  it('shows its files in their places: a picture as a figure with its name, a PDF as a link with its pages', async () => {
    signedInAs({});
    const map: AttachmentView = { ...NOTES, name: 'Map of Galilee', url: 'https://s3.example/map.pdf?s=3', pages: 1 };
    fake.api({
      'GET /api/studies/s-john': answer({
        study: study({
          sessions: [
            {
              title: 'Light',
              date: null,
              items: [{ kind: 'question', text: 'Who is the light?' }, PICTURE, NOTES, map],
            },
          ],
        }),
      }),
    });
    renderApp('/documents/s-john');
    const session = await screen.findByRole('region', { name: 'Session 1: Light' });
    const figure = within(session).getByRole('figure');
    const image = within(figure).getByRole('img', { name: PICTURE.name }) as HTMLImageElement;
    expect([
      image.getAttribute('src'),
      image.getAttribute('width'),
      image.getAttribute('height'),
      image.getAttribute('loading'),
    ]).toEqual([PICTURE.url, '800', '450', 'lazy']);
    expect(figure.querySelector('figcaption')!.textContent).toBe(PICTURE.name);

    const notes = within(session).getByRole('link', { name: 'Leader notes' });
    expect(notes.getAttribute('href')).toBe(NOTES.url);
    expect(notes.parentElement!.textContent).toBe('Leader notes (PDF, 3 pages)');
    const one = within(session).getByRole('link', { name: 'Map of Galilee' });
    expect(one.parentElement!.textContent).toBe('Map of Galilee (PDF, 1 page)');
    // In their places: after the question, in the order written.
    const order = [...session.querySelectorAll('ol, figure, a')].map((e) => e.textContent);
    expect(order).toEqual(['Who is the light?', PICTURE.name, 'Leader notes', 'Map of Galilee']);
  });

  it('shows hostile Markdown as harmless text: no script, no javascript: link, no image', async () => {
    signedInAs({});
    const hostile = [
      '<script>window.ran = true</script>',
      '[click me](javascript:window.ran=true)',
      '<img src="x" onerror="window.ran = true">',
      '<a href="javascript:window.ran=true">raw link</a>',
    ].join('\n\n');
    fake.api({
      'GET /api/studies/s-john': answer({
        study: study({ sessions: [{ title: 'Hostile', date: null, items: [{ kind: 'text', markdown: hostile }] }] }),
      }),
    });
    renderApp('/documents/s-john');
    const session = await screen.findByRole('region', { name: 'Session 1: Hostile' });
    expect(session.querySelector('script, img, iframe, [onerror], [onclick]')).toBeNull();
    expect(session.querySelectorAll('a')).toHaveLength(0);
    expect(session.textContent).toContain('<script>window.ran = true</script>');
    expect(session.textContent).toContain('[click me](javascript:window.ran=true)');
    expect(session.textContent).toContain('<img src="x" onerror="window.ran = true">');
    expect((window as unknown as { ran?: boolean }).ran).toBeUndefined();
  });

  it('offers Edit and Delete to those who may; Delete asks first, then goes back to the list, which says so', async () => {
    signedInAs({ admin: true });
    fake.api({
      'GET /api/studies/s-john': answer({ study: study({ canEdit: true }) }),
      'DELETE /api/studies/s-john': answer({ success: true, message: STUDY_MESSAGES.deleted }),
      [`GET ${LIST}`]: answer(list({ studies: [] })),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderApp('/documents/s-john');
    await opened('The Gospel of John');
    expect(screen.getByRole('link', { name: 'Edit Study' }).getAttribute('href')).toBe('/documents/s-john/edit');
    const remove = screen.getByRole('button', { name: 'Delete Study' });
    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('The Gospel of John'));
    expect(fake.calls('DELETE /api/studies/s-john')).toHaveLength(0);
    await user.click(remove);
    await pageShown(STUDY_MESSAGES.pageTitle);
    expect(currentPath()).toBe('/documents');
    expect(screen.getByText(STUDY_MESSAGES.deleted)).toBeTruthy();
    expect(fake.calls('DELETE /api/studies/s-john')).toHaveLength(1);
  });

  it('says a study that is not there (or not for this reader) is not found', async () => {
    signedInAs({});
    fake.api({
      'GET /api/studies/s-gone': answer({ error: { code: 'not-found', message: STUDY_MESSAGES.notFound } }, 404),
    });
    renderApp('/documents/s-gone');
    expect((await screen.findByRole('alert')).textContent).toContain(STUDY_MESSAGES.notFound);
    expect(screen.getByRole('link', { name: `Back to ${STUDY_MESSAGES.pageTitle}` }).getAttribute('href')).toBe(
      '/documents',
    );
  });
});

const GROUPS = [
  { groupId: 'g-choir', groupName: 'Choir' },
  { groupId: 'g-youth', groupName: 'Youth Group' },
];

/** A new study saved as 's-new', and its page opened after. */
const SAVED_NEW = {
  'POST /api/studies': answer({ success: true, studyId: 's-new', version: 1, message: STUDY_MESSAGES.saved }),
  'GET /api/studies/s-new': answer({ study: study({ studyId: 's-new', title: 'Advent' }) }),
};

describe('the study editor', () => {
  it('writes a study: sessions and items added, moved and removed, shared with a group, then opens it', async () => {
    signedInAs({ admin: true });
    fake.api({
      [`GET ${LIST}`]: answer(list({ canWrite: true, groups: GROUPS })),
      ...SAVED_NEW,
    });
    const user = userEvent.setup();
    renderApp('/documents/new');
    await opened(STUDY_TEXTS.newTitle);

    await user.type(screen.getByLabelText(/^Title/), 'Advent');
    await user.type(screen.getByLabelText('Description (optional)'), 'Four weeks of waiting.');
    // Draft first; a whole-church study is the administrators'.
    expect((screen.getByRole('radio', { name: /^Draft/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: /^Chosen groups/ }));
    const groups = screen.getByRole('group', { name: 'Groups' });
    expect(
      within(groups)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement!.textContent),
    ).toEqual(['Choir', 'Youth Group']);
    await user.click(within(groups).getByRole('checkbox', { name: 'Choir' }));

    // Session 1: a title, a date, three items; the question moved up above the reference.
    await user.type(screen.getByLabelText('Session 1 Title (optional)'), 'Hope');
    fireEvent.change(screen.getByLabelText('Session 1 Date (optional)'), { target: { value: '2026-11-29' } });
    const addItem = screen.getByRole('button', { name: 'Add item to session 1' });
    await user.click(addItem);
    const text = screen.getByLabelText('Session 1, item 1: Text (Markdown)');
    expect(document.activeElement).toBe(text);
    expect(screen.getByText(STUDY_TEXTS.markdownHint)).toBeTruthy();
    await user.type(text, 'Light a **candle**.');
    await user.click(addItem);
    await user.selectOptions(screen.getByLabelText('Session 1, Item 2 type'), 'Bible reference');
    await user.type(screen.getByLabelText('Session 1, item 2: Bible reference'), 'jn 3:16-18');
    await user.click(addItem);
    await user.selectOptions(screen.getByLabelText('Session 1, Item 3 type'), 'Question');
    await user.type(screen.getByLabelText('Session 1, item 3: Question'), 'What do you hope for?');
    const up = screen.getByRole('button', { name: 'Move session 1, item 3 up' });
    await user.click(up);
    expect((screen.getByLabelText('Session 1, item 2: Question') as HTMLInputElement).value).toBe(
      'What do you hope for?',
    );
    // The focus stays with the moved item's button.
    await eventually(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move session 1, item 2 up' })),
    );

    // Session 2, added and given an item; then a third, removed.
    await user.click(screen.getByRole('button', { name: 'Add session' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Session 2 Title (optional)'));
    await user.type(screen.getByLabelText('Session 2 Title (optional)'), 'Peace');
    await user.click(screen.getByRole('button', { name: 'Add item to session 2' }));
    await user.type(screen.getByLabelText('Session 2, item 1: Text (Markdown)'), 'Share the peace.');
    await user.click(screen.getByRole('button', { name: 'Add session' }));
    await user.click(screen.getByRole('button', { name: 'Remove session 3' }));
    expect(screen.queryByRole('group', { name: 'Session 3' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add session' }));

    await user.click(screen.getByRole('button', { name: 'Save Study' }));
    await pageShown('Advent');
    expect(currentPath()).toBe('/documents/s-new');
    expect(screen.getByText(STUDY_MESSAGES.saved)).toBeTruthy();
    expect(fake.calls('POST /api/studies')).toEqual([
      {
        title: 'Advent',
        description: 'Four weeks of waiting.',
        sharing: 'groups',
        groupIds: ['g-choir'],
        sessions: [
          {
            title: 'Hope',
            date: '2026-11-29',
            items: [
              { kind: 'text', markdown: 'Light a **candle**.' },
              { kind: 'question', text: 'What do you hope for?' },
              { kind: 'scripture', reference: 'jn 3:16-18' },
            ],
          },
          { title: 'Peace', date: null, items: [{ kind: 'text', markdown: 'Share the peace.' }] },
        ],
      },
    ]);
    // The create form's request key, as every create form sends one.
    const post = fake.fetchMock.mock.calls.find(([url, init]) => url === '/api/studies' && init.method === 'POST');
    expect((post![1].headers as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says what is missing before sending, marking and focusing the field', async () => {
    signedInAs({ admin: true });
    fake.api({ [`GET ${LIST}`]: answer(list({ canWrite: true, groups: GROUPS })) });
    const user = userEvent.setup();
    renderApp('/documents/new');
    await opened(STUDY_TEXTS.newTitle);
    await user.click(screen.getByRole('button', { name: 'Save Study' }));
    expect((await screen.findByRole('alert')).textContent).toContain(STUDY_MESSAGES.titleRequired);
    const title = screen.getByLabelText(/^Title/);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    await eventually(() => expect(document.activeElement).toBe(title));

    await user.type(title, 'Advent');
    await user.click(screen.getByRole('radio', { name: /^Chosen groups/ }));
    await user.click(screen.getByRole('button', { name: 'Save Study' }));
    expect((await screen.findByRole('alert')).textContent).toContain(STUDY_MESSAGES.groups);
    await eventually(() => expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Choir' })));
    expect(fake.calls('POST /api/studies')).toEqual([]);
  });

  it('shows the server’s refusal in the status line and keeps what was typed', async () => {
    signedInAs({ admin: true });
    fake.api({
      [`GET ${LIST}`]: answer(list({ canWrite: true })),
      'POST /api/studies': answer(
        { error: { code: 'invalid-argument', message: STUDY_MESSAGES.reference('jn 99:99') } },
        400,
      ),
    });
    const user = userEvent.setup();
    renderApp('/documents/new');
    await opened(STUDY_TEXTS.newTitle);
    await user.type(screen.getByLabelText(/^Title/), 'Advent');
    await user.click(screen.getByRole('button', { name: 'Add item to session 1' }));
    await user.selectOptions(screen.getByLabelText('Session 1, Item 1 type'), 'Bible reference');
    await user.type(screen.getByLabelText('Session 1, item 1: Bible reference'), 'jn 99:99');
    await user.click(screen.getByRole('button', { name: 'Save Study' }));
    expect((await screen.findByRole('alert')).textContent).toContain(STUDY_MESSAGES.reference('jn 99:99'));
    expect((screen.getByLabelText('Session 1, item 1: Bible reference') as HTMLInputElement).value).toBe('jn 99:99');
    expect(currentPath()).toBe('/documents/new');
    // An administrator may share it with the whole church.
    expect(screen.getByRole('radio', { name: /^Whole church/ })).toBeTruthy();
  });

  it('edits a stored study with its version, and says when someone else changed it first', async () => {
    signedInAs({});
    fake.api({
      [`GET ${LIST}`]: answer(list({ canWrite: true, groups: [GROUPS[0]!] })),
      'GET /api/studies/s-john': answer({ study: study({ canEdit: true }) }),
      'PUT /api/studies/s-john': answer({ error: { code: 'aborted', message: STUDY_MESSAGES.changed } }, 409),
    });
    const user = userEvent.setup();
    renderApp('/documents/s-john/edit');
    await opened(STUDY_TEXTS.editTitle);
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('The Gospel of John');
    expect((screen.getByLabelText('Session 1, item 2: Bible reference') as HTMLInputElement).value).toBe('John 1:1-5');
    // A leader is not offered the whole church; the groups already chosen stay offered.
    expect(screen.queryByRole('radio', { name: /^Whole church/ })).toBeNull();
    const groups = screen.getByRole('group', { name: 'Groups' });
    expect(
      within(groups)
        .getAllByRole('checkbox', { checked: true })
        .map((c) => c.parentElement!.textContent),
    ).toEqual(['Choir', 'Youth Group']);
    await user.clear(screen.getByLabelText(/^Title/));
    await user.type(screen.getByLabelText(/^Title/), 'John');
    await user.click(screen.getByRole('button', { name: 'Remove session 2' }));
    await user.click(screen.getByRole('button', { name: 'Save Study' }));
    expect((await screen.findByRole('alert')).textContent).toContain(STUDY_MESSAGES.changed);
    const [sent] = fake.calls('PUT /api/studies/s-john');
    expect(sent).toMatchObject({ title: 'John', version: 4, groupIds: ['g-choir', 'g-youth'] });
    expect(sent.sessions).toHaveLength(1);
  });

  it('tells a member who may not write studies so', async () => {
    signedInAs({});
    fake.api({ [`GET ${LIST}`]: answer(list({ canWrite: false })) });
    renderApp('/documents/new');
    expect((await screen.findByRole('alert')).textContent).toContain(STUDY_MESSAGES.writers);
    expect(screen.queryByRole('button', { name: 'Save Study' })).toBeNull();
  });
});

describe('the study editor’s files', () => {
  const PDF_ID = '33333333-3333-4333-8333-333333333333';
  const upload: AttachmentUploadResult = {
    url: `http://s3.local/church-directory-photos/org-1/photos/study-files/${PDF_ID}.pdf?X-Amz-Signature=s`,
    method: 'PUT',
    headers: { 'content-type': 'application/pdf' },
    file: `org-1/photos/study-files/${PDF_ID}.pdf`,
    maxBytes: 10 * 1024 * 1024,
  };
  const CHECKED = `GET /api/studies/attachments/${PDF_ID}`;
  const pdf = () => new File(['%PDF-1.7 tiny'], 'Advent readings.pdf', { type: 'application/pdf' });

  it('uploads a PDF with its progress, waits for the check, names it after the file, then saves it', async () => {
    signedInAs({ admin: true });
    let checked = 0;
    fake.api({
      [`GET ${LIST}`]: answer(list({ canWrite: true })),
      'POST /api/studies/attachments': answer(upload),
      // Not checked at the first look (404), ready at the next.
      [CHECKED]: () =>
        ++checked === 1
          ? jsonResponse(404, { error: { code: 'not-found', message: ATTACHMENT_MESSAGES.notFound } })
          : jsonResponse(200, { status: 'ready', type: 'pdf', url: null, width: 612, height: 792, pages: 1 }),
      ...SAVED_NEW,
    });
    const user = userEvent.setup();
    renderApp('/documents/new');
    await opened(STUDY_TEXTS.newTitle);
    await user.type(screen.getByLabelText(/^Title/), 'Advent');
    await user.click(screen.getByRole('button', { name: 'Add item to session 1' }));
    await user.type(screen.getByLabelText('Session 1, item 1: Text (Markdown)'), 'Read the notes.');
    await user.click(screen.getByRole('button', { name: 'Add file to session 1' }));
    const chooser = screen.getByLabelText('Session 1, item 2: Choose file');
    expect(document.activeElement).toBe(chooser);
    expect(chooser.getAttribute('accept')).toContain('application/pdf');
    expect(screen.getByText(STUDY_TEXTS.noFile)).toBeTruthy();

    await user.upload(chooser, pdf());
    await eventually(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(fake.calls('POST /api/studies/attachments')).toEqual([{ contentType: 'application/pdf', size: 13 }]);
    const xhr = FakeXhr.sent[0]!;
    expect([xhr.method, xhr.url, xhr.headers]).toEqual(['PUT', upload.url, upload.headers]);
    expect((screen.getByLabelText(/^Session 1, item 2: Name/) as HTMLInputElement).value).toBe('Advent readings');
    act(() => xhr.progress(4, 10));
    expect(screen.getByRole('status').textContent).toBe(STUDY_TEXTS.uploading(40));
    expect(
      (screen.getByRole('progressbar', { name: 'Session 1, item 2: upload progress' }) as HTMLProgressElement).value,
    ).toBe(40);

    // Saved while on its way: it says so, and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Save Study' }));
    expect((await screen.findByRole('alert')).textContent).toContain(STUDY_TEXTS.fileBusy);
    expect(fake.calls('POST /api/studies')).toEqual([]);

    act(() => xhr.respond(200));
    await screen.findByText(STUDY_TEXTS.checking);
    expect(await screen.findByText(`${STUDY_TEXTS.fileReady} PDF, 1 page`, {}, POLLED)).toBeTruthy();
    expect(checked).toBe(2);
    expect(screen.getByLabelText('Session 1, item 2: Choose another file')).toBeTruthy();
    // The file arrived: the form no longer says to wait.
    await eventually(() => expect(screen.queryByText(STUDY_TEXTS.fileBusy)).toBeNull());

    await user.clear(screen.getByLabelText(/^Session 1, item 2: Name/));
    await user.type(screen.getByLabelText(/^Session 1, item 2: Name/), 'Readings for Advent');
    // Moved above the text, as any item.
    await user.click(screen.getByRole('button', { name: 'Move session 1, item 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Save Study' }));
    await pageShown('Advent');
    expect(fake.calls('POST /api/studies')[0].sessions).toEqual([
      {
        title: null,
        date: null,
        items: [
          { kind: 'attachment', file: upload.file, name: 'Readings for Advent' },
          { kind: 'text', markdown: 'Read the notes.' },
        ],
      },
    ]);
  });

  it('says why a file cannot be used, before sending (its type) or after the check, and takes another', async () => {
    signedInAs({ admin: true });
    fake.api({
      [`GET ${LIST}`]: answer(list({ canWrite: true })),
      'POST /api/studies/attachments': answer(upload),
      [CHECKED]: answer({ status: 'refused', message: ATTACHMENT_MESSAGES.locked }),
    });
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/documents/new');
    await opened(STUDY_TEXTS.newTitle);
    await user.type(screen.getByLabelText(/^Title/), 'Advent');
    await user.click(screen.getByRole('button', { name: 'Add file to session 1' }));
    const chooser = () => screen.getByLabelText(/^Session 1, item 1: Choose/);
    await user.upload(chooser(), new File(['x'], 'notes.docx', { type: 'application/msword' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ATTACHMENT_MESSAGES.type);
    expect(fake.calls('POST /api/studies/attachments')).toEqual([]);

    await user.upload(chooser(), pdf());
    await eventually(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.respond(200));
    expect((await screen.findByRole('alert', {}, POLLED)).textContent).toBe(ATTACHMENT_MESSAGES.locked);
    await user.click(screen.getByRole('button', { name: 'Save Study' }));
    await eventually(() => expect(document.activeElement).toBe(chooser()));
    expect(chooser().getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls('POST /api/studies')).toEqual([]);
  });

  it('keeps the files a stored study holds, shows them, and drops the one removed', async () => {
    signedInAs({ admin: true });
    fake.api({
      [`GET ${LIST}`]: answer(list({ canWrite: true, groups: GROUPS })),
      'GET /api/studies/s-john': answer({
        study: study({
          canEdit: true,
          sessions: [{ title: 'Light', date: null, items: [PICTURE, NOTES] }],
        }),
      }),
      'PUT /api/studies/s-john': answer({
        success: true,
        studyId: 's-john',
        version: 5,
        message: STUDY_MESSAGES.saved,
      }),
    });
    const user = userEvent.setup();
    renderApp('/documents/s-john/edit');
    await opened(STUDY_TEXTS.editTitle);
    expect((screen.getByLabelText(/^Session 1, item 1: Name/) as HTMLInputElement).value).toBe(PICTURE.name);
    const item1 = screen.getByLabelText(/^Session 1, item 1: Name/).closest('li')!;
    expect(item1.querySelector('img')!.getAttribute('src')).toBe(PICTURE.url);
    expect(screen.getByText('PDF, 3 pages')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove session 1, item 1' }));
    await user.click(screen.getByRole('button', { name: 'Save Study' }));
    await eventually(() => expect(fake.calls('PUT /api/studies/s-john')).toHaveLength(1));
    expect(fake.calls('PUT /api/studies/s-john')[0].sessions).toEqual([
      { title: 'Light', date: null, items: [{ kind: 'attachment', file: NOTES.file, name: NOTES.name }] },
    ]);
  });
});
