import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { auth, jsonResponse, meAnswer, renderApp, signedInAs, stubFetch } from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

const created = new Date(2026, 10, 21, 16, 5);

beforeEach(() => {
  vi.clearAllMocks();
  stubFetch((url) =>
    url === '/api/me'
      ? jsonResponse(200, meAnswer({ createdAt: created.toISOString() }))
      : jsonResponse(404, { error: { code: 'not-found', message: 'No.' } }),
  );
});

const detail = (term: string) => {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
};

describe('profile', () => {
  it('shows email, user id, verification, creation and last sign-in', async () => {
    signedInAs({ email: 'pat@example.org' });
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Your Profile' });
    expect(detail('Email')).toBe('pat@example.org');
    expect(detail('User ID')).toBe('user-1');
    expect(detail('Email Verified')).toBe('Yes');
    await screen.findByText('Nov 21, 2026, 4:05 PM');
    expect(detail('Account Created')).toBe('Nov 21, 2026, 4:05 PM');
    // auth_time 1_790_000_000 s, shown in the local zone like everything else.
    expect(detail('Last Sign-In')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, 2026, \d{1,2}:\d{2} (AM|PM)$/);
  });

  it('explains unreadable claims and offers the login page', async () => {
    auth.fetchAuthSession.mockRejectedValue(new Error('refresh failed'));
    auth.getCurrentUser.mockResolvedValue({
      userId: 'user-1',
      username: 'user-1',
      signInDetails: { loginId: 'pat@example.org' },
    });
    renderApp('/profile');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load user permissions (claims). Please try refreshing.');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Go to Login' })).toHaveProperty(
      'pathname',
      '/login',
    );
  });
});
