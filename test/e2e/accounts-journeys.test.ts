/**
 * Member accounts in Chromium against the local product: a member the demo church holds gets the
 * invitation, follows its sign-up link, verifies through the mailbox and sees the directory; an
 * unknown address is refused with the permission-denied text; the admin grants that member admin
 * (who then sees User Management), removes it (refused at once), and deletes the account. Axe on
 * each page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListFamiliesResult } from '../../lambdas/contract/api';
import { CANNOT_JOIN } from '../../lambdas/accounts/accounts';
import { DEMO_ACCOUNTS } from '../../lib/local/demo';
import { call, idToken } from '../support/api';
import { stack } from '../support/env';
import { codeFor, expectAccessible, launch, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Mail {
  subject: string;
  text: string;
}

/** A new member of the demo church with a fresh address, added by its admin; answers the invitation's link. */
async function invitedMember(width: number) {
  const admin = await idToken(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const { body } = await call<ListFamiliesResult>('listFamilies', { token: admin });
  const family = body.families[0]!;
  const email = `joiner-${width}-${Date.now().toString(36)}@grace.example`;
  const added = await call('addMember', { token: admin, body: { familyId: family.familyId, name: 'Joanna', email } });
  expect(added.status).toBe(200);
  let mails: Mail[] = [];
  await expect
    .poll(async () => {
      mails = (await (
        await fetch(`${stack.url}/_local/mailbox.json?to=${encodeURIComponent(email)}`)
      ).json()) as Mail[];
      return mails.length;
    })
    .toBe(1);
  const link = /https?:\/\/\S+\/create-account\/[\w-]+/.exec(mails[0]!.text)?.[0];
  expect(link).toBeDefined();
  return { email, link: link!, surname: family.surname };
}

async function fillSignup(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Full Name').fill('Joanna Joiner');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/**
 * Opens the small-screen menu when the link sits in it. The menu closes itself when the page
 * changes (a sign-in may still be settling), so it is reopened until the link shows.
 */
async function navClick(page: Page, role: 'link' | 'button', name: string) {
  const target = page.getByRole(role, { name, exact: true });
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect
    .poll(
      async () => {
        if (await target.isVisible()) return true;
        if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
        return target.isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await target.click();
}

/** The users, apart from the table of invitations below it. */
const usersTable = (page: Page) => page.getByRole('table', { name: /^Users of your organization/ });

async function openUserManagement(page: Page) {
  await navClick(page, 'link', 'User Management');
  await usersTable(page).waitFor();
}

async function logOut(page: Page) {
  await navClick(page, 'button', 'Logout');
  await page.waitForURL((url) => url.pathname === '/');
}

describe('member accounts', () => {
  it.each([1280, 375])(
    'an unknown address is answered like any other, and told no church lists it only once the mailed code proves it (%i px)',
    async (width) => {
      const { context, page } = await newPage(browser, width);
      await page.goto('/create-account');
      await page.getByRole('heading', { level: 1, name: 'Join Your Church Directory' }).waitFor();
      await expectAccessible(page);
      const email = `stranger-${width}-${Date.now().toString(36)}@nowhere.example`;
      await fillSignup(page, email, 'stranger-pass-1');
      await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
      await page.getByLabel('Verification code').fill(await codeFor(email));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe(CANNOT_JOIN);
      await screenshot(page, `signup-refused-${width}`);
      await context.close();
    },
  );

  it.each([1280, 375])(
    'a member signs up with the church link from the invitation, verifies, sees the directory; the admin grants, removes admin and deletes the account (%i px)',
    async (width) => {
      const { email, link, surname } = await invitedMember(width);
      const password = 'joiner-pass-1';

      const member = await newPage(browser, width);
      await member.page.goto(link);
      await member.page.getByRole('heading', { level: 1, name: 'Join Your Church Directory' }).waitFor();
      await fillSignup(member.page, email.toUpperCase(), password);
      // The code page: nothing is made until the mailed code is entered.
      await member.page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
      expect(new URL(member.page.url()).pathname).toBe('/verify-address');
      await screenshot(member.page, `signup-success-${width}`);
      await member.page.getByLabel('Verification code').fill(await codeFor(email));
      await member.page.getByRole('button', { name: 'Verify' }).click();
      await member.page.getByText('Welcome! Your account is linked to your family. Redirecting...').waitFor();
      await member.page.getByRole('heading', { name: 'Birthdays This Month' }).waitFor();
      await member.page.goto('/families');
      await member.page.getByRole('heading', { level: 1, name: 'Families' }).waitFor();
      await member.page
        .getByRole('link', { name: `${surname} Family` })
        .first()
        .waitFor();
      expect(await member.page.getByRole('link', { name: 'User Management' }).count()).toBe(0);

      const admin = await newPage(browser, width);
      await signIn(admin.page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      await openUserManagement(admin.page);
      await expectAccessible(admin.page);
      const row = usersTable(admin.page).getByRole('row').filter({ hasText: email });
      // The invitation the member answered is listed with its time.
      await admin.page
        .getByRole('table', { name: /^Invitations sent/ })
        .getByRole('row')
        .filter({ hasText: email })
        .waitFor();
      const answers: string[] = [];
      admin.page.on('dialog', (dialog) => {
        answers.push(dialog.message());
        void dialog.accept();
      });
      await row.getByRole('button', { name: /^Grant Admin/ }).click();
      await admin.page.getByText(`Successfully granted admin privileges for ${email}.`).waitFor();
      expect(answers.at(-1)).toBe(`Are you sure you want to grant admin privileges to ${email}?`);
      await row.getByRole('button', { name: /^Remove Admin/ }).waitFor();
      await screenshot(admin.page, `users-granted-${width}`);

      // The member signs in again (a new token) and sees User Management.
      await logOut(member.page);
      await signIn(member.page, email, password);
      await openUserManagement(member.page);

      // Removed: refused on the very next request, with the same token.
      await row.getByRole('button', { name: /^Remove Admin/ }).click();
      await admin.page.getByText(`Successfully removed admin privileges for ${email}.`).waitFor();
      await member.page.reload();
      await expect
        .poll(() => member.page.getByRole('alert').textContent())
        .toMatch(/^Permission denied fetching users\./);
      await screenshot(member.page, `removed-admin-${width}`);

      // Deleted: the row goes, and the member's session is refused.
      await row.getByRole('button', { name: /^Delete/ }).click();
      await admin.page.getByText(`User "${email}" deleted.`).waitFor();
      expect(answers.at(-1)).toMatch(/permanently delete the user .*cannot be undone\.$/);
      expect(await usersTable(admin.page).getByRole('row').filter({ hasText: email }).count()).toBe(0);
      await member.page.goto('/families');
      // Refused: an error, or the page that says the church no longer lists this account.
      await member.page
        .getByRole('alert')
        .or(member.page.getByRole('heading', { level: 1 }))
        .first()
        .waitFor();

      await member.context.close();
      await admin.context.close();
    },
  );
});
