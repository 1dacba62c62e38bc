/**
 * The dashboard's app card (web/src/features/dashboard/AppCard.tsx): the browser's install prompt where it offers
 * one, Safari's Add to Home Screen steps on an iPhone, and, opened from the home screen, the
 * account linked (linkApp) instead of a card.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResult } from '../../lambdas/contract/api';
import { jsonResponse, renderApp, signedInAs, stubFetch } from './helpers';
import { mediaQueryList } from './setup';

vi.mock('aws-amplify/auth', () => import('./authMock'));

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

const dashboard: DashboardResult = {
  month: 11,
  counts: { families: 1, members: 1, groups: 0, lessons: 0 },
  mobileAppLinked: false,
  birthdays: [],
  anniversaries: [],
  upcoming: { birthdays: false, anniversaries: false },
  sessions: [],
};

/** The dashboard's read (whatever its month and day) and linkApp, with the bodies linkApp was sent. */
function api() {
  const links: unknown[] = [];
  stubFetch((url, init) => {
    if (url.startsWith('/api/dashboard')) return jsonResponse(200, dashboard);
    if (url === '/api/me/app' && init.method === 'PUT') {
      links.push(JSON.parse(String(init.body)));
      return jsonResponse(200, { success: true, platform: 'android', mobileAppLinked: true });
    }
    return jsonResponse(500, { error: { code: 'internal', message: `unexpected call ${url}` } });
  });
  return links;
}

function onDevice(userAgent: string, standalone = false) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    mediaQueryList(query, standalone && query === '(display-mode: standalone)'),
  );
}

beforeEach(() => signedInAs({}));
afterEach(() => vi.restoreAllMocks());

describe('the app card', () => {
  it('offers the browser’s install prompt, and says when the app is installed', async () => {
    onDevice(ANDROID);
    api();
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Get the mobile app' });
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    const prompt = vi.fn(async () => undefined);
    const offered = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offered);
    expect(offered.defaultPrevented).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Install' }));
    await screen.findByText(/Installed\. Open Church Directory from your home screen/);
    expect(prompt).toHaveBeenCalledOnce();
  });

  it('shows Safari’s Add to Home Screen steps on an iPhone', async () => {
    onDevice(IPHONE);
    api();
    renderApp('/dashboard');
    const steps = await screen.findByRole('list', { name: 'Add to Home Screen' });
    expect(steps.textContent).toContain('tap the Share button');
    expect(steps.querySelectorAll('svg')).toHaveLength(2);
  });

  it('links the account when opened from the home screen, and shows no card', async () => {
    onDevice(ANDROID, true);
    const links = api();
    renderApp('/dashboard');
    await waitFor(() => expect(links).toEqual([{ platform: 'android' }]));
    expect(screen.queryByRole('heading', { name: 'Get the mobile app' })).toBeNull();
  });
});
