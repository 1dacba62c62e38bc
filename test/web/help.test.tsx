/**
 * Help says only what the product does: every link goes to a route the app has, and every screen
 * or control it names by its words is shown by the component that the table below points at.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { matchRoutes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../web/src/app/routes';
import { POLLED, renderApp, signedInAs } from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

const SRC = path.join(import.meta.dirname, '../../web/src');

/** The words Help uses for a screen or control, and the file that shows them. */
const NAMED: [string, string][] = [
  ['Join your existing church directory', 'features/landing/LandingPage.tsx'],
  ['Reset Password', 'features/auth/ForgotPasswordPage.tsx'],
  ['Two-step sign-in', 'features/profile/TwoStepSignIn.tsx'],
  ['What others see', 'features/profile/ProfilePage.tsx'],
  ['Choose who sees your details', 'features/profile/ProfilePage.tsx'],
  ['Leave our family out of the directory', 'features/privacy/FamilyPrivacyPage.tsx'],
  ['Privacy Defaults', 'features/privacy/ChurchPrivacyPage.tsx'],
  ['Print the directory', 'features/families/PrintDirectory.tsx'],
  ['Download PDF', 'features/families/DirectoryPdfButton.tsx'],
  ['Photos', 'features/families/DirectoryPdfButton.tsx'],
  ['cover photo', 'features/families/BookCoverChoice.tsx'],
  ['User Management', 'features/admin/UserManagementPage.tsx'],
];

beforeEach(() => {
  vi.clearAllMocks();
  signedInAs(null);
});

async function help() {
  renderApp('/help');
  return screen.findByRole('article', {}, POLLED);
}

describe('Help', () => {
  it('links only to routes the app has', async () => {
    const article = await help();
    const targets = [...article.querySelectorAll('a')].map((a) => new URL(a.href).pathname);
    expect(targets.length).toBeGreaterThan(8);
    const routes = appRoutes(new QueryClient());
    for (const target of targets) {
      const matched = matchRoutes(routes, target) ?? [];
      // The catch-all answers unknown paths: a link must land on a route of its own.
      expect(matched.at(-1)?.route.path, target).not.toBe('*');
    }
  });

  it.each(NAMED)('names “%s”, which %s shows', async (words, file) => {
    const article = await help();
    expect(article.textContent!.toLowerCase()).toContain(words.toLowerCase());
    expect(readFileSync(path.join(SRC, file), 'utf8')).toContain(words);
  });
});
