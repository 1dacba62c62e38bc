import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResult } from '../../lambdas/contract/api';
import { NOT_LISTED, NOT_LISTED_TITLE, STILL_NOT_LISTED } from '../../lambdas/contract/listing';
import { jsonResponse, POLLED, renderApp, signedInAs, stubFetch } from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

const me = (listed: boolean): MeResult => ({
  userId: 'user-1',
  email: 'pat@example.org',
  orgId: 'org-1',
  orgName: 'Grace Community Church',
  admin: false,
  superAdmin: false,
  listed,
  memberId: listed ? 'mem-1' : null,
  familyId: listed ? 'fam-1' : null,
  createdAt: '2026-01-02T03:04:05Z',
  mobileAppLinked: false,
  waitingChanges: 0,
});

const refused = () => jsonResponse(403, { error: { code: 'permission-denied', message: NOT_LISTED } });
const families = { families: [], canAddFamily: false, next: null, previous: null };

beforeEach(() => {
  vi.clearAllMocks();
  signedInAs({});
});

describe('an account its church no longer lists', () => {
  it('sees one clear page instead of the directory, with what to do', async () => {
    stubFetch((url) => (url === '/api/me' ? jsonResponse(200, me(false)) : refused()));
    renderApp('/families');
    // The file's first render loads the page's lazy code: on a loaded 2-core machine, seconds.
    await screen.findByRole('heading', { level: 1, name: NOT_LISTED_TITLE }, POLLED);
    expect(screen.getByText(NOT_LISTED)).toBeTruthy();
    expect(screen.getByText('pat@example.org')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Families' })).toBeNull();
  });

  it('sees the page as soon as a directory read is refused, though the account was listed a moment ago', async () => {
    // The first answer about the account says listed; the member is deleted before the list is read.
    let reads = 0;
    stubFetch((url) => (url === '/api/me' ? jsonResponse(200, me(++reads === 1)) : refused()));
    renderApp('/families');
    // The refusal makes the app read the account again; nothing else needs to happen.
    await screen.findByRole('heading', { level: 1, name: NOT_LISTED_TITLE });
    expect(reads).toBeGreaterThanOrEqual(2);
  });

  it('Check again: still not listed says so; once added back, the page asked for shows', async () => {
    let listed = false;
    let linked = false;
    stubFetch((url, init) => {
      if (url === '/api/me') return jsonResponse(200, me(listed));
      if (url === '/api/session/claims' && init.method === 'POST') {
        listed = linked;
        return jsonResponse(200, { success: true, linked, message: linked ? 'Linked.' : 'Not yet.' });
      }
      return listed ? jsonResponse(200, families) : refused();
    });
    renderApp('/families');
    await screen.findByRole('heading', { level: 1, name: NOT_LISTED_TITLE });
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText(STILL_NOT_LISTED)).toBeTruthy();

    linked = true;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByRole('heading', { level: 1, name: 'Families' });
  });

  it('still reaches its profile', async () => {
    stubFetch((url) => (url === '/api/me' ? jsonResponse(200, me(false)) : refused()));
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Your Profile' });
  });
});
