/**
 * Two-step sign-in in Chromium against the local product: a member sets up an authenticator on My
 * Profile (QR code and key), turns it on with a code, logs out, and logs in with password and code.
 * Axe on each screen, screenshots at 1280 and 375 px.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, createAccountIn, createChurch } from '../support/fixtures';
import { staleTotpCode, totpCode } from '../support/totp';
import { expectAccessible, launch, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('two-step sign-in', () => {
  it.each([1280, 375])('a member turns it on, logs out, and logs in with a code (%i px)', async (width) => {
    const church = await createChurch();
    const { email } = await createAccountIn(church.orgId);
    const { context, page } = await newPage(browser, width);
    await signIn(page, email, PASSWORD);

    await page.goto('/profile');
    await page.getByRole('heading', { level: 2, name: 'Two-step sign-in' }).waitFor();
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByText('Or type this key:').locator('code').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectAccessible(page);
    await screenshot(page, `two-step-setup-${width}`);

    await page.getByLabel('Code from the app').fill(staleTotpCode(secret));
    await page.getByRole('button', { name: 'Turn On' }).click();
    await page.getByText('That code is not correct. Please check your authenticator app and try again.').waitFor();
    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn On' }).click();
    await page.getByText('Two-step sign-in is on. You will be asked for a code each time you log in.').waitFor();
    await page.getByRole('button', { name: 'Turn Off' }).waitFor();
    await screenshot(page, `two-step-on-${width}`);

    // Logged out (a fresh page), the password alone no longer opens the account.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Code from the app').waitFor();
    await expectAccessible(page);
    await screenshot(page, `two-step-code-${width}`);
    await page.getByLabel('Code from the app').fill(staleTotpCode(secret));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('That code is not correct. Please check your authenticator app and try again.').waitFor();
    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});
