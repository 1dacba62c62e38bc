/** Signing in through the real sign-in page, as a person would. */
import type { Page } from 'playwright-core';
import { readOperatorTotpKey, totpCode } from '../../../lib/local/operator-totp';
import { stack } from '../../support/env';

/**
 * Password, then, when the account has two-step sign-in on, the code of its authenticator: the
 * super-admin's (its key in the stack's data folder, lib/local/operator-totp.ts) unless `totpKey` is given.
 */
export async function signIn(page: Page, email: string, password: string, totpKey?: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  const codeField = page.getByLabel('Code from the app');
  await Promise.race([page.waitForURL('**/dashboard'), codeField.waitFor()]);
  if (await codeField.isVisible()) {
    const key = totpKey ?? readOperatorTotpKey(stack.dataDir);
    if (!key) throw new Error(`${email} asks for a two-step code, and no authenticator key is known`);
    await codeField.fill(totpCode(key));
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await page.waitForURL('**/dashboard');
}
