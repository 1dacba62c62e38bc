/**
 * The Bible study pages' pure parts: a study's Markdown made safe (markdown.ts), hostile text
 * included; a session's items as the page shows them (sessionBlocks.ts); the editor's draft, what
 * it sends and what it refuses (studyDraft.ts), files included, and what the browser checks of a
 * chosen file (attachmentUpload.ts); a session's date in the reader's language.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  ATTACHMENT_MESSAGES,
  STUDY_LIMITS,
  STUDY_MESSAGES,
  type AttachmentView,
  type StudyView,
} from '../../lambdas/contract/studies';
import { calendarDay } from '../../web/src/lib/calendarDay';
import { markdownHtml, sanitize } from '../../web/src/features/studies/markdown';
import { blocksOf, readingLink } from '../../web/src/features/studies/sessionBlocks';
import {
  FIELDS,
  blankDraft,
  blankFile,
  blankItem,
  blankSession,
  checkDraft,
  draftOf,
  inputOf,
  moved,
  type DraftFile,
  type StudyDraft,
} from '../../web/src/features/studies/studyDraft';
import { fileToSend, nameOf } from '../../web/src/features/studies/attachmentUpload';
import { pdfText, sharedWithText, STUDY_TEXTS } from '../../web/src/features/studies/studyWords';

/** The HTML as a document fragment, to ask what it holds. */
function parsed(html: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder;
}

describe('a study text’s Markdown', () => {
  it('renders bold, italic, lists, quotes and links, web links opening in a new tab without the opener', () => {
    const html = parsed(
      markdownHtml(
        [
          '**Grace** and *truth*',
          '',
          '- one',
          '- two',
          '',
          '> a quote',
          '',
          'Read [the passage](https://example.org/john-1) or write to [us](mailto:office@example.org).',
        ].join('\n'),
      ),
    );
    expect(html.querySelector('strong')!.textContent).toBe('Grace');
    expect(html.querySelector('em')!.textContent).toBe('truth');
    expect([...html.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(html.querySelector('blockquote')!.textContent!.trim()).toBe('a quote');
    const [web, mail] = [...html.querySelectorAll('a')];
    expect(web!.getAttribute('href')).toBe('https://example.org/john-1');
    expect(web!.getAttribute('target')).toBe('_blank');
    expect(web!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(mail!.getAttribute('href')).toBe('mailto:office@example.org');
    expect(mail!.hasAttribute('target')).toBe(false);
  });

  it('makes a bare web address a link', () => {
    const link = parsed(markdownHtml('See https://example.org/notes today.')).querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.org/notes');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('puts a text’s headings under the session’s (h3 and below), never a second h1', () => {
    const html = parsed(markdownHtml('# Opening\n\n## Prayer\n\n###### Small'));
    expect([...html.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => `${h.tagName} ${h.textContent}`)).toEqual([
      'H3 Opening',
      'H4 Prayer',
      'H6 Small',
    ]);
  });

  it('shows a <script> as the text it is, and runs nothing', () => {
    const html = markdownHtml('Before <script>alert("x")</script> after');
    const element = parsed(html);
    expect(element.querySelector('script')).toBeNull();
    expect(element.textContent!.trim()).toBe('Before <script>alert("x")</script> after');
  });

  it('makes no link of a javascript:, data: or vbscript: address, however it is written', () => {
    for (const markdown of [
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[click]( javascript:alert(1))',
      '[click](&#106;avascript:alert(1))',
      '<javascript:alert(1)>',
      '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[click](vbscript:msgbox(1))',
      '[click](/families)',
      '[click][ref]\n\n[ref]: javascript:alert(1)',
    ]) {
      const element = parsed(markdownHtml(markdown));
      expect(element.querySelectorAll('a[href]'), markdown).toHaveLength(0);
      // The words stay, as text.
      expect(element.textContent, markdown).toMatch(/click|javascript:alert/);
    }
  });

  it('draws no <img>, so an onerror does nothing and nothing is fetched', () => {
    const element = parsed(
      markdownHtml('<img src=x onerror="window.hacked = true">\n\n![a pixel](https://tracker.example/p.gif)'),
    );
    expect(element.querySelector('img')).toBeNull();
    expect(element.querySelector('[onerror]')).toBeNull();
    expect(element.innerHTML).not.toMatch(/<img/);
    expect(element.textContent).toContain('<img src=x onerror="window.hacked = true">');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('cleans HTML from any source to plain prose: no scripts, handlers, styles, frames or unsafe links', () => {
    const element = parsed(
      sanitize(
        [
          '<p onclick="x()" style="color:red" class="big">Hi <img src=x onerror=alert(1)></p>',
          '<script>alert(1)</script><iframe src="https://evil.example"></iframe>',
          '<a href="javascript:alert(1)">bad</a><a href="https://ok.example" target="_self">good</a>',
          '<svg><script>alert(1)</script></svg><form action="https://evil.example"><input></form>',
        ].join(''),
      ),
    );
    expect(element.querySelector('script, img, iframe, svg, form, input, [onclick], [style], [class]')).toBeNull();
    const links = [...element.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      ['bad', null, null],
      ['good', 'https://ok.example', '_blank'],
    ]);
    expect(element.textContent).toBe('Hi badgood');
  });
});

describe('a session’s items on the page', () => {
  it('keeps texts apart, lists the questions and references that follow one another, numbering the questions through', () => {
    const john = { kind: 'scripture' as const, reference: 'John 3:16-18', link: null };
    const psalm = { kind: 'scripture' as const, reference: 'Psalm 23', link: 'https://read.example/Psalm%2023' };
    expect(
      blocksOf([
        { kind: 'text', markdown: 'Open in prayer.' },
        { kind: 'question', text: 'Who is the Word?' },
        { kind: 'question', text: 'What is light?' },
        john,
        psalm,
        { kind: 'text', markdown: 'Reflect.' },
        { kind: 'question', text: 'What will you do?' },
      ]),
    ).toEqual([
      { kind: 'text', markdown: 'Open in prayer.' },
      { kind: 'questions', start: 1, questions: ['Who is the Word?', 'What is light?'] },
      { kind: 'scripture', references: [john, psalm] },
      { kind: 'text', markdown: 'Reflect.' },
      { kind: 'questions', start: 3, questions: ['What will you do?'] },
    ]);
  });

  it('shows each file on its own in its place, the questions around it still numbered through', () => {
    const picture: AttachmentView = {
      kind: 'attachment',
      file: 'org-1/photos/study-files/a.jpg',
      name: 'The lamp',
      type: 'image',
      url: 'https://s3.example/a.webp',
      width: 800,
      height: 500,
      pages: null,
    };
    const handout: AttachmentView = { ...picture, file: 'b.pdf', name: 'Notes', type: 'pdf', pages: 3 };
    const john = { kind: 'scripture' as const, reference: 'John 1:1-5', link: null };
    const psalm = { kind: 'scripture' as const, reference: 'Psalm 23', link: null };
    expect(
      blocksOf([
        { kind: 'question', text: 'Who?' },
        picture,
        handout,
        { kind: 'question', text: 'Why?' },
        john,
        handout,
        psalm,
      ]),
    ).toEqual([
      { kind: 'questions', start: 1, questions: ['Who?'] },
      { kind: 'attachment', attachment: picture },
      { kind: 'attachment', attachment: handout },
      { kind: 'questions', start: 2, questions: ['Why?'] },
      { kind: 'scripture', references: [john] },
      { kind: 'attachment', attachment: handout },
      { kind: 'scripture', references: [psalm] },
    ]);
  });

  it('says what a PDF is: its pages, one page, or none known', () => {
    expect(pdfText(3)).toBe('PDF, 3 pages');
    expect(pdfText(1)).toBe('PDF, 1 page');
    expect(pdfText(null)).toBe('PDF');
  });

  it('links a reference only to a web address', () => {
    expect(readingLink('https://www.biblegateway.com/passage/?search=John%203%3A16')).toBe(
      'https://www.biblegateway.com/passage/?search=John%203%3A16',
    );
    expect(readingLink(null)).toBeNull();
    expect(readingLink('javascript:alert(1)')).toBeNull();
  });

  it('says who reads a study', () => {
    expect(sharedWithText('church', [])).toBe('Shared with the whole church.');
    expect(
      sharedWithText('groups', [
        { groupId: 'a', groupName: 'Choir' },
        { groupId: 'b', groupName: 'Youth' },
        { groupId: 'c', groupName: 'Ushers' },
      ]),
    ).toBe('Shared with Choir, Youth and Ushers.');
    expect(sharedWithText('draft', [])).toMatch(/^Draft/);
  });
});

describe('a session’s date', () => {
  it('is the day as written, in the reader’s language, whatever the time zone', () => {
    expect(calendarDay('2026-12-06', 'en-US')).toBe('Sun, Dec 6, 2026');
    expect(calendarDay('2026-12-06', 'de-DE')).toBe('So., 6. Dez. 2026');
    expect(calendarDay('2026-02-30', 'en-US')).toBe('2026-02-30');
    expect(calendarDay(null)).toBe('');
  });
});

const study: StudyView = {
  studyId: 's-1',
  title: 'The Gospel of John',
  description: null,
  sharing: 'groups',
  groups: [{ groupId: 'g-choir', groupName: 'Choir' }],
  sessions: [
    {
      title: 'The Word',
      date: '2026-12-06',
      items: [
        { kind: 'text', markdown: 'Open in prayer.' },
        { kind: 'scripture', reference: 'John 1:1-5', link: null },
        { kind: 'question', text: 'Who is the Word?' },
      ],
    },
    { title: null, date: null, items: [] },
  ],
  author: 'Pastor Ruth',
  canEdit: true,
  version: 3,
  updatedAt: '2026-11-28T10:00:00Z',
};

describe('the editor’s draft', () => {
  it('starts a new study as a draft with one empty session', () => {
    const draft = blankDraft();
    expect(draft).toMatchObject({ title: '', description: '', sharing: 'draft', groupIds: [] });
    expect(draft.sessions).toHaveLength(1);
    expect(draft.sessions[0]).toMatchObject({ title: '', date: '', items: [] });
  });

  it('fills from a stored study and sends it back as it was, with its version', () => {
    const checked = checkDraft(draftOf(study), study.version);
    expect(checked).toEqual({
      ok: true,
      value: {
        title: 'The Gospel of John',
        description: null,
        sharing: 'groups',
        groupIds: ['g-choir'],
        sessions: [
          {
            title: 'The Word',
            date: '2026-12-06',
            items: [
              { kind: 'text', markdown: 'Open in prayer.' },
              { kind: 'scripture', reference: 'John 1:1-5' },
              { kind: 'question', text: 'Who is the Word?' },
            ],
          },
          { title: null, date: null, items: [] },
        ],
        version: 3,
      },
    });
  });

  it('trims what is typed, leaves out empty items, and sends no groups unless shared with groups', () => {
    const draft: StudyDraft = {
      ...blankDraft(),
      title: '  Psalms  ',
      description: '   ',
      groupIds: ['g-choir'],
      sessions: [{ ...blankSession(), title: '  ', items: [blankItem('question', ' Why? '), blankItem('text', '  ')] }],
    };
    expect(inputOf(draft).groupIds).toEqual([]);
    expect(checkDraft(draft)).toEqual({
      ok: true,
      value: {
        title: 'Psalms',
        description: null,
        sharing: 'draft',
        groupIds: [],
        sessions: [{ title: null, date: null, items: [{ kind: 'question', text: 'Why?' }] }],
      },
    });
  });

  it('refuses a study without a title, shared with no group, or with a long item, naming each field', () => {
    const long = blankItem('question', 'x'.repeat(STUDY_LIMITS.question + 1));
    const session = { ...blankSession(), items: [blankItem('text', ''), long] };
    const draft: StudyDraft = { ...blankDraft(), sharing: 'groups', sessions: [session] };
    const checked = checkDraft(draft);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.issues).toEqual([
      { field: FIELDS.title, message: STUDY_MESSAGES.titleRequired },
      { field: FIELDS.groups, message: STUDY_MESSAGES.groups },
      { field: FIELDS.item(long), message: STUDY_MESSAGES.tooLong('A question', STUDY_LIMITS.question) },
    ]);
  });

  it('refuses a date that is no day', () => {
    const session = { ...blankSession(), date: '2026-02-30' };
    const checked = checkDraft({ ...blankDraft(), title: 'Psalms', sessions: [session] });
    expect(checked).toEqual({
      ok: false,
      issues: [{ field: FIELDS.sessionDate(session), message: STUDY_MESSAGES.date }],
    });
  });

  it('moves an entry up and down, and leaves the ends as they are', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('the editor’s files', () => {
  const PDF_KEY = 'org-1/photos/study-files/11111111-1111-4111-8111-111111111111.pdf';
  const PICTURE_KEY = 'org-1/photos/study-files/22222222-2222-4222-8222-222222222222.jpg';
  const withFiles: StudyView = {
    ...study,
    sessions: [
      {
        title: 'The Word',
        date: '2026-12-06',
        items: [
          { kind: 'text', markdown: 'Open in prayer.' },
          {
            kind: 'attachment',
            file: PICTURE_KEY,
            name: 'The lamp',
            type: 'image',
            url: 'https://s3.example/lamp.webp?sig=1',
            width: 800,
            height: 500,
            pages: null,
          },
          {
            kind: 'attachment',
            file: PDF_KEY,
            name: 'Notes',
            type: 'pdf',
            url: 'https://s3.example/notes.pdf?sig=1',
            width: 0,
            height: 0,
            pages: 3,
          },
        ],
      },
    ],
  };
  const fileItems = (draft: StudyDraft) => draft.sessions[0]!.items.filter((i) => i.kind === 'attachment');

  it('keeps the files a study holds, by their keys, and sends them back with their names', () => {
    const draft = draftOf(withFiles);
    const [picture, notes] = fileItems(draft);
    expect(picture).toMatchObject({
      kind: 'attachment',
      file: PICTURE_KEY,
      name: 'The lamp',
      upload: { state: 'kept', type: 'image', url: 'https://s3.example/lamp.webp?sig=1', width: 800, height: 500 },
    });
    expect(notes).toMatchObject({ file: PDF_KEY, name: 'Notes', upload: { state: 'kept', type: 'pdf', pages: 3 } });
    const checked = checkDraft(draft, withFiles.version);
    expect(checked.ok && checked.value.sessions[0]!.items).toEqual([
      { kind: 'text', markdown: 'Open in prayer.' },
      { kind: 'attachment', file: PICTURE_KEY, name: 'The lamp' },
      { kind: 'attachment', file: PDF_KEY, name: 'Notes' },
    ]);
  });

  it('sends a renamed file under its new name (trimmed), and a removed one not at all', () => {
    const draft = draftOf(withFiles);
    const session = draft.sessions[0]!;
    const items = session.items
      .filter((i) => !(i.kind === 'attachment' && i.file === PICTURE_KEY))
      .map((i) => (i.kind === 'attachment' ? { ...i, name: '  Session notes ' } : i));
    const checked = checkDraft({ ...draft, sessions: [{ ...session, items }] }, withFiles.version);
    expect(checked.ok && checked.value.sessions[0]!.items).toEqual([
      { kind: 'text', markdown: 'Open in prayer.' },
      { kind: 'attachment', file: PDF_KEY, name: 'Session notes' },
    ]);
  });

  it('sends a new file once the server found it usable, and leaves out a file item with no file chosen', () => {
    const ready: DraftFile = {
      ...blankFile(),
      file: PDF_KEY,
      name: 'Notes',
      upload: { state: 'ready', type: 'pdf', url: null, width: 612, height: 792, pages: 1 },
    };
    const draft: StudyDraft = {
      ...blankDraft(),
      title: 'Psalms',
      sessions: [{ ...blankSession(), items: [blankFile(), ready] }],
    };
    expect(inputOf(draft).sessions[0]!.items).toEqual([{ kind: 'attachment', file: PDF_KEY, name: 'Notes' }]);
    expect(checkDraft(draft).ok).toBe(true);
  });

  it('refuses a study while a file is on its way, a refused file, and a file without a name, naming each', () => {
    const sending: DraftFile = { ...blankFile(), name: 'Notes', upload: { state: 'uploading', percent: 40 } };
    const checking: DraftFile = { ...blankFile(), name: 'Map', upload: { state: 'checking' } };
    const refusedFile: DraftFile = {
      ...blankFile(),
      name: 'Locked',
      upload: { state: 'refused', message: ATTACHMENT_MESSAGES.locked },
    };
    const unnamed: DraftFile = {
      ...blankFile(),
      file: PDF_KEY,
      name: ' ',
      upload: { state: 'ready', type: 'pdf', url: null, width: 612, height: 792, pages: 1 },
    };
    const session = { ...blankSession(), items: [sending, checking, refusedFile, unnamed] };
    const checked = checkDraft({ ...blankDraft(), title: 'Psalms', sessions: [session] });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.issues).toEqual([
      { field: FIELDS.itemFile(sending), message: STUDY_TEXTS.fileBusy },
      { field: FIELDS.itemFile(checking), message: STUDY_TEXTS.fileBusy },
      { field: FIELDS.itemFile(refusedFile), message: ATTACHMENT_MESSAGES.locked },
      { field: FIELDS.item(unnamed), message: ATTACHMENT_MESSAGES.name },
    ]);
  });

  it('refuses more files than a study may hold', () => {
    const files = Array.from({ length: STUDY_LIMITS.attachments + 1 }, (_, n): DraftFile => ({
      ...blankFile(),
      file: `org-1/photos/study-files/${n}.pdf`,
      name: `File ${n}`,
      upload: { state: 'kept', type: 'pdf', url: null, width: 0, height: 0, pages: 1 },
    }));
    const half = Math.ceil(files.length / 2);
    const sessions = [
      { ...blankSession(), items: files.slice(0, half) },
      { ...blankSession(), items: files.slice(half) },
    ];
    const checked = checkDraft({ ...blankDraft(), title: 'Psalms', sessions });
    expect(checked).toEqual({
      ok: false,
      issues: [
        { field: FIELDS.itemFile(files.at(-1)!), message: STUDY_MESSAGES.tooMany('files', STUDY_LIMITS.attachments) },
      ],
    });
  });

  it('names a chosen file after its file name, without the extension', () => {
    expect(nameOf('Advent readings.pdf')).toBe('Advent readings');
    expect(nameOf('IMG_2034.JPEG')).toBe('IMG_2034');
    expect(nameOf('.pdf')).toBe('.pdf');
    expect(nameOf(`${'x'.repeat(200)}.pdf`)).toHaveLength(STUDY_LIMITS.fileName);
  });
});

describe('a chosen file, checked in the browser', () => {
  const sized = (bytes: number, name: string, type: string) => {
    const file = new File(['x'], name, { type });
    Object.defineProperty(file, 'size', { value: bytes });
    return file;
  };

  it('takes a PDF up to 10 MB as it is, known by its name when the browser gives no type', async () => {
    const pdf = sized(10 * 1024 * 1024, 'notes.pdf', 'application/pdf');
    expect(await fileToSend(pdf)).toEqual({ blob: pdf, contentType: 'application/pdf' });
    const untyped = sized(1000, 'notes.PDF', '');
    expect(await fileToSend(untyped)).toEqual({ blob: untyped, contentType: 'application/pdf' });
    await expect(fileToSend(sized(10 * 1024 * 1024 + 1, 'big.pdf', 'application/pdf'))).rejects.toThrow(
      ATTACHMENT_MESSAGES.pdfTooLarge,
    );
  });

  it('takes a small picture as chosen, and refuses what is neither a PDF nor a picture it keeps', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const png = sized(2000, 'lamp.png', 'image/png');
    const bitmap = { width: 40, height: 30, close: vi.fn() } as unknown as ImageBitmap;
    expect(await fileToSend(png, { decode: async () => bitmap })).toEqual({ blob: png, contentType: 'image/png' });
    await expect(fileToSend(sized(100, 'notes.docx', 'application/msword'))).rejects.toThrow(ATTACHMENT_MESSAGES.type);
    // A picture the browser cannot redraw (jsdom: no createImageBitmap) stays as chosen: too big, or of a type not kept.
    await expect(fileToSend(sized(6 * 1024 * 1024, 'huge.png', 'image/png'))).rejects.toThrow(
      ATTACHMENT_MESSAGES.imageTooLarge,
    );
    await expect(fileToSend(sized(1000, 'photo.heic', 'image/heic'))).rejects.toThrow(ATTACHMENT_MESSAGES.type);
  });

  it('sends a large picture redrawn at 1,500 px as a JPEG', async () => {
    const jpeg = new Blob(['small'], { type: 'image/jpeg' });
    const context = { fillRect: vi.fn(), drawImage: vi.fn(), fillStyle: '', imageSmoothingQuality: '' };
    const canvas = { getContext: () => context, toBlob: (cb: (b: Blob | null) => void) => cb(jpeg) };
    const sizes: unknown[] = [];
    const sent = await fileToSend(sized(8 * 1024 * 1024, 'wide.heic', 'image/heic'), {
      decode: async () => ({ width: 4000, height: 3000, close: vi.fn() }) as unknown as ImageBitmap,
      createCanvas: (size) => {
        sizes.push(size);
        return canvas as unknown as HTMLCanvasElement;
      },
    });
    expect(sent).toEqual({ blob: jpeg, contentType: 'image/jpeg' });
    expect(sizes).toEqual([{ width: 1500, height: 1125 }]);
  });
});
