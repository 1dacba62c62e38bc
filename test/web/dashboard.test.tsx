import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResult } from '../../lambdas/contract/api';
import { errorText } from '../../web/src/lib/errorTexts';
import { calendarDay } from '../../web/src/lib/calendarDay';
import { ApiError } from '../../web/src/lib/api';
import { jsonResponse, renderApp, signedInAs, stubFetch } from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

const dashboard = (over: Partial<DashboardResult> = {}): DashboardResult => ({
  month: 11,
  counts: { families: 12, members: 34, groups: 5, lessons: 7 },
  mobileAppLinked: false,
  birthdays: [
    { memberId: 'm1', familyId: 'f1', name: 'Grace', surname: 'Adams', birthday: '11/05', dayOfMonth: 5 },
    { memberId: 'm2', familyId: 'f2', name: 'Tom', surname: 'Baker', birthday: '11/21', dayOfMonth: 21 },
  ],
  anniversaries: [
    {
      familyId: 'f3',
      surname: 'Clark',
      anniversary: '11/09',
      dayOfMonth: 9,
      photoUrl: 'https://photos.example/clark.jpg',
    },
  ],
  upcoming: { birthdays: false, anniversaries: false },
  sessions: [],
  ...over,
});

const panel = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  vi.clearAllMocks();
  signedInAs({});
});

describe('dashboard', () => {
  it('asks for this month and shows a busy text while loading', async () => {
    let answer!: (r: Response) => void;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/dashboard');
    await screen.findByText('Loading Dashboard Data...');
    // Beside the account's read (the directory's gate).
    const now = new Date();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
      `/api/dashboard?month=${now.getMonth() + 1}&day=${now.getDate()}`,
    );
    answer(jsonResponse(200, dashboard()));
    await screen.findByText('Birthdays This Month');
    expect(screen.queryByText('Loading Dashboard Data...')).toBeNull();
  });

  it('says when a panel holds only the next ones from today, the month having more', async () => {
    stubFetch(() => jsonResponse(200, dashboard({ upcoming: { birthdays: true, anniversaries: false } })));
    renderApp('/dashboard');
    await screen.findByText('Birthdays This Month');
    expect(
      within(panel('Birthdays This Month')).getByText('The next ones from today: this month has more.'),
    ).toBeTruthy();
    expect(within(panel('Anniversaries This Month')).queryByText(/this month has more/)).toBeNull();
  });

  it('shows the four counts, Families linking to the list and Lessons to the Bible studies', async () => {
    stubFetch(() => jsonResponse(200, dashboard()));
    renderApp('/dashboard');
    const stats = await screen.findByRole('list', { name: 'Directory at a glance' });
    expect(
      within(stats)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['12Families', '34Members', '5Groups', '7Lessons']);
    expect(within(stats).getByRole('link', { name: /Families/ })).toHaveProperty('pathname', '/families');
    expect(within(stats).getByRole('link', { name: /Lessons/ })).toHaveProperty('pathname', '/documents');
    expect(within(stats).getAllByRole('link')).toHaveLength(2);
  });

  it('lists the next Bible study sessions, each to its study, and leaves the panel out when there are none', async () => {
    const sessions = [
      { studyId: 's-john', studyTitle: 'The Gospel of John', title: 'The Word', date: '2026-12-06' },
      { studyId: 's-psalms', studyTitle: 'Psalms', title: null, date: '2026-12-13' },
    ];
    stubFetch(() => jsonResponse(200, dashboard({ sessions })));
    const view = renderApp('/dashboard');
    const panelShown = await screen.findByRole('region', { name: 'Next Bible study sessions' });
    const links = within(panelShown).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/documents/s-john', '/documents/s-psalms']);
    expect(links.map((a) => a.textContent)).toEqual([
      `The Gospel of JohnThe Word${calendarDay('2026-12-06')}`,
      `Psalms${calendarDay('2026-12-13')}`,
    ]);
    expect(links[0]!.querySelector('time')!.getAttribute('datetime')).toBe('2026-12-06');
    view.unmount();

    stubFetch(() => jsonResponse(200, dashboard()));
    renderApp('/dashboard');
    await screen.findByText('Birthdays This Month');
    expect(screen.queryByRole('region', { name: 'Next Bible study sessions' })).toBeNull();
  });

  it('lists birthdays and anniversaries with verbose dates, linking to the family, with fallback photos', async () => {
    stubFetch(() => jsonResponse(200, dashboard()));
    const { container } = renderApp('/dashboard');
    await screen.findByText('Birthdays This Month');
    const birthdays = within(panel('Birthdays This Month')).getAllByRole('link');
    expect(birthdays.map((a) => a.textContent)).toEqual(['Grace AdamsNovember 5', 'Tom BakerNovember 21']);
    expect(birthdays.map((a) => a.getAttribute('href'))).toEqual(['/families/f1', '/families/f2']);
    // Members have no photos: the person image.
    expect(birthdays.map((a) => a.querySelector('img')!.getAttribute('src'))).toEqual([
      '/images/person.svg',
      '/images/person.svg',
    ]);

    const anniversaries = within(panel('Anniversaries This Month')).getAllByRole('link');
    expect(anniversaries.map((a) => a.textContent)).toEqual(['Clark FamilyNovember 9']);
    expect(anniversaries[0]!.getAttribute('href')).toBe('/families/f3');
    const clark = anniversaries[0]!.querySelector('img')!;
    expect(clark.getAttribute('src')).toBe('https://photos.example/clark.jpg');
    // A photo that fails to load falls back to the blank family image.
    fireEvent.error(clark);
    expect(clark.getAttribute('src')).toBe('/images/family-blank.svg');
    expect(container.querySelectorAll('.DashboardPage_dash-entry__avatar')).toHaveLength(3);
  });

  it('invites to the mobile app only when it is not linked', async () => {
    stubFetch(() => jsonResponse(200, dashboard()));
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 2, name: 'Get the mobile app' });
  });

  it('hides the app card when linked and shows the empty texts', async () => {
    stubFetch(() => jsonResponse(200, dashboard({ mobileAppLinked: true, birthdays: [], anniversaries: [] })));
    renderApp('/dashboard');
    await screen.findByText('No members with birthdays this month.');
    expect(screen.getByText('No families with anniversaries this month.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Get the mobile app' })).toBeNull();
  });

  it('shows the server message on failure', async () => {
    stubFetch(() => jsonResponse(500, { error: { code: 'internal', message: 'Something broke.' } }));
    renderApp('/dashboard');
    expect((await screen.findByRole('alert')).textContent).toContain('Something broke.');
  });

  it('maps unauthenticated to the data-fetch text', async () => {
    stubFetch(() => jsonResponse(401, { error: { code: 'unauthenticated', message: 'No token.' } }));
    renderApp('/dashboard');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Authentication error during data fetch. Please refresh or log in again.',
    );
  });

  it("shows the client's text for unreadable answers", async () => {
    stubFetch(() => new Response('oops', { status: 200 }));
    renderApp('/dashboard');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The server sent an answer this page could not read. Please try again.',
    );
  });

  it('falls back to "Failed to load dashboard data."', () => {
    expect(errorText('dashboardLoad', new Error('boom'))).toBe('Failed to load dashboard data.');
    expect(errorText('dashboardLoad', new ApiError('internal', '', 500))).toBe('Failed to load dashboard data.');
  });
});
