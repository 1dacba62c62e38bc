/**
 * The foundation's journeys in Chromium against the local product: landing, registering a church
 * and verifying its administrator with the mailed code, sign-out and sign-in, password reset,
 * the finalising step for an unlinked account, profile, redirects, 404, and axe on each page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEMO_ACCOUNTS, DEMO_CHURCH } from '../../lib/local/demo';
import { MAP_MESSAGES } from '../../lambdas/contract/map';
import { STUDY_MESSAGES } from '../../lambdas/contract/studies';
import { keys } from '../../lambdas/core/repos/keys';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { stack } from '../support/env';
import { PASSWORD, createAccountIn } from '../support/fixtures';
import { ACCOUNT_EXISTS_SUBJECT } from '../../lambdas/accounts/proofMails';
import { mailsTo } from '../support/mail';
import { codeFor, expectAccessible, launch, mailCount, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);

/** The code page's link from the newest mail to the address, as a phone's mail program opens it. */
async function mailedLink(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const link = /https?:\/\/\S+\/verify-address\?email=\S+/.exec(mail?.text ?? '')?.[0];
  expect(link, `the code page's link mailed to ${email}`).toBeDefined();
  return link!;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

describe('signed out', () => {
  it.each([375, 1280])(
    'shows the landing page with the sign-in card and marketing sections at %i px',
    async (width) => {
      const { context, page } = await newPage(browser, width);
      await page.goto('/');
      await page.getByRole('link', { name: 'Join your existing church directory' }).waitFor();
      await page.getByRole('link', { name: 'Register Your Church' }).first().waitFor();
      await page.getByRole('button', { name: 'Login' }).waitFor();
      for (const feature of [
        'Member Information',
        'Family View',
        'Member Maps',
        'Create Bible Studies',
        'Mobile App',
        'Member Groups',
      ]) {
        expect(await page.getByText(feature, { exact: true }).count(), feature).toBeGreaterThan(0);
      }
      await screenshot(page, `landing-${width}`);
      await expectAccessible(page);
      await context.close();
    },
  );

  it.each([
    ['/privacy', 'Privacy Policy'],
    ['/help', 'Help'],
    ['/login', 'Sign In'],
    ['/forgot-password', 'Reset Password'],
    ['/register-organization', 'Register Your Church Directory'],
  ])('%s is public and accessible', async (path, heading) => {
    const { context, page } = await newPage(browser);
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await screenshot(page, `page${path.replace(/\//g, '-')}`);
    await expectAccessible(page);
    await context.close();
  });

  it('answers 404 Not Found with a link home for an unknown path, and sends protected pages to /', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/no-such-page');
    await page.getByText('404 Not Found').waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: /home/i }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('refuses a wrong password with Invalid email or password', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid email or password.').waitFor();
    await context.close();
  });
});

/** The registration form filled as a person would, in North Carolina. */
async function fillRegistration(
  page: Page,
  form: {
    church: string;
    street: string;
    city: string;
    zip: string;
    name: string;
    email: string;
    password: string;
    confirm?: string;
  },
) {
  await page.goto('/register-organization');
  await page.getByLabel('Church Name').fill(form.church);
  await page.getByLabel('Street Address').fill(form.street);
  await page.getByLabel('City').fill(form.city);
  await page.getByLabel('State').selectOption('NC');
  await page.getByLabel('Zip Code').fill(form.zip);
  await page.getByLabel('Full Name').fill(form.name);
  await page.getByLabel('Email').fill(form.email);
  await page.getByLabel('Password', { exact: true }).fill(form.password);
  await page.getByLabel('Confirm Password').fill(form.confirm ?? form.password);
}

describe('registering a church', () => {
  const admin = { email: `pastor-${stamp}@example.org`, password: 'first-pass-1' };
  const church = `St Columba ${stamp}`;

  it('registers, verifies the administrator with the mailed code, and lands on the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await fillRegistration(page, {
      church,
      street: '1 Kirk Lane',
      city: 'Durham',
      zip: '27701',
      name: 'Morag Pastor',
      ...admin,
      confirm: 'not-the-same',
    });
    await page.getByRole('button', { name: 'Register Church' }).click();
    await page.getByText('Administrator passwords do not match.').waitFor();

    await page.getByLabel('Confirm Password').fill(admin.password);
    await page.getByRole('button', { name: 'Register Church' }).click();
    await page.getByRole('heading', { level: 1, name: 'Verify Your Email' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/verify-address');
    await page.getByText(admin.email).first().waitFor();
    // This browser asked: it holds the password, so the page asks for the code alone.
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await screenshot(page, 'verify-address');
    await expectAccessible(page);
    await page.getByLabel('Verification code').fill(await codeFor(admin.email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(`Organization "${church}" registered. Redirecting...`).waitFor();
    await page.getByRole('heading', { name: 'Birthdays This Month' }).waitFor();
    await page.getByRole('link', { name: 'User Management' }).first().waitFor();
    await screenshot(page, 'dashboard-new-church');
    await expectAccessible(page);

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Your Profile' }).waitFor();
    await page.getByText(admin.email).first().waitFor();
    await expectAccessible(page);

    await signOut(page);
    await signIn(page, admin.email, admin.password);
    await page.getByRole('heading', { name: 'Birthdays This Month' }).waitFor();
    // Signed in, the public-only pages and unknown paths go to the dashboard.
    for (const path of ['/', '/login', '/forgot-password', '/anything-else']) {
      await page.goto(path);
      await page.waitForURL('**/dashboard');
    }
    await context.close();
  });

  it('finishes the registration on a phone that opens the mailed link: the server kept the church', async () => {
    const owner = { email: `deacon-${stamp}@example.org`, password: 'second-pass-2' };
    const name = `St Aidan ${stamp}`;
    const computer = await newPage(browser, 1280);
    await fillRegistration(computer.page, {
      church: name,
      street: '2 Holy Island Road',
      city: 'Asheville',
      zip: '28801',
      name: 'Aidan Deacon',
      ...owner,
    });
    await computer.page.getByRole('button', { name: 'Register Church' }).click();
    await computer.page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
    await computer.context.close();

    // The phone knows nothing of the church: it opens the mail's link, enters the code and a password.
    const code = await codeFor(owner.email);
    const phone = await newPage(browser, 375);
    await phone.page.goto(await mailedLink(owner.email));
    await phone.page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
    await phone.page.getByLabel('Verification code').fill(code);
    await phone.page.getByLabel('Password', { exact: true }).fill(owner.password);
    await phone.page.getByLabel('Confirm Password').fill(owner.password);
    await screenshot(phone.page, 'verify-address-phone');
    await expectAccessible(phone.page);
    await phone.page.getByRole('button', { name: 'Verify' }).click();
    await phone.page.getByRole('heading', { name: 'Birthdays This Month' }).waitFor();
    // Its administrator: the church exists, under the name registered on the computer.
    await phone.page.goto('/admin/users');
    await phone.page.getByRole('heading', { name: 'User Management' }).waitFor();
    const claim = await ddb.send(new GetCommand({ TableName: stack.env.TABLE_NAME, Key: keys.orgName(name) }));
    expect(claim.Item?.orgId).toBeTruthy();
    await screenshot(phone.page, 'registration-finished-on-phone');
    await phone.context.close();
  });

  /** Asks for an account with the address on the sign-up or the registration form, as a person would. */
  const askWith = {
    'sign-up': async (page: Page, email: string, n: number) => {
      await page.goto('/create-account');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Full Name').fill(`Tom Twin ${n}`);
      await page.getByLabel('Password', { exact: true }).fill('a-new-pass-3');
      await page.getByLabel('Confirm Password').fill('a-new-pass-3');
      await page.getByRole('button', { name: 'Create Account' }).click();
    },
    registration: async (page: Page, email: string, n: number) => {
      await fillRegistration(page, {
        church: `St Thomas ${stamp} ${n}`,
        street: '3 Doubting Way',
        city: 'Cary',
        zip: '27511',
        name: 'Tom Twin',
        email,
        password: 'a-new-pass-3',
      });
      await page.getByRole('button', { name: 'Register Church' }).click();
    },
  };

  it.each([
    [375, 'sign-up'],
    [1280, 'registration'],
  ] as const)(
    'answers a %i px %s with a taken address exactly as a fresh one, and the mail tells the owner the truth',
    async (width, form) => {
      const answers: string[] = [];
      for (const email of [DEMO_ACCOUNTS.admin.email, `fresh-${width}-${stamp}@example.org`]) {
        const { context, page } = await newPage(browser, width);
        await askWith[form](page, email, answers.length);
        await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
        answers.push((await page.locator('#main').innerText()).replace(email, '<address>'));
        await context.close();
      }
      expect(answers[0]).toBe(answers[1]);
      const [mail] = await mailsTo(DEMO_ACCOUNTS.admin.email);
      expect(mail).toMatchObject({ subject: ACCOUNT_EXISTS_SUBJECT });
      expect(mail!.code).toBeUndefined();
      // The owner's password still opens the account.
      const { context, page } = await newPage(browser, width);
      await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      await page.getByRole('heading', { name: 'Birthdays This Month' }).waitFor();
      await context.close();
    },
  );

  it('refuses the same church name in capitals with the name-taken message and creates nothing', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/register-organization');
    await page.getByLabel('Church Name').fill(church.toUpperCase());
    await page.getByLabel('Street Address').fill('2 Other Road');
    await page.getByLabel('City').fill('Cary');
    await page.getByLabel('State').selectOption('NC');
    await page.getByLabel('Zip Code').fill('27511');
    await page.getByLabel('Full Name').fill('Someone Else');
    await page.getByLabel('Email').fill(`else-${stamp}@example.org`);
    await page.getByLabel('Password', { exact: true }).fill('another-pass-1');
    await page.getByLabel('Confirm Password').fill('another-pass-1');
    await page.getByRole('button', { name: 'Register Church' }).click();
    await page.getByText('An organization with this name already exists.').waitFor();
    await context.close();
  });

  it('resets the password with the mailed code', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send Password Reset Link' }).click();
    await page.getByText('Please enter your email address.').waitFor();
    const before = await mailCount(admin.email);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByRole('button', { name: 'Send Password Reset Link' }).click();
    await page
      .getByText(`Password reset email sent successfully to ${admin.email}. Please check your inbox (and spam folder).`)
      .waitFor();
    const code = await codeFor(admin.email, before);
    await page.getByLabel('Reset code').fill(code);
    await page.getByLabel('New password', { exact: true }).fill('second-pass-2');
    await page.getByLabel('Confirm new password').fill('second-pass-2');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page
      .getByRole('link', { name: /log ?in|sign ?in/i })
      .first()
      .waitFor();
    await signIn(page, admin.email, 'second-pass-2');
    await context.close();
  });
});

describe('signed-in members', () => {
  it('the demo member sees the directory navigation without User Management', async () => {
    const { context, page } = await newPage(browser, 375);
    await signIn(page, DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password);
    await page.getByRole('heading', { name: 'Birthdays This Month' }).waitFor();
    await expect(page.getByRole('link', { name: 'User Management' }).count()).resolves.toBe(0);
    await screenshot(page, 'dashboard-member-375');
    for (const [path, heading] of [
      ['/map', MAP_MESSAGES.title],
      ['/documents', STUDY_MESSAGES.pageTitle],
      ['/help', 'Help'],
      ['/privacy', 'Privacy Policy'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      if (path === '/documents') await page.getByText(STUDY_MESSAGES.intro).waitFor();
      await expectAccessible(page);
    }
    await context.close();
  });
});

describe('an account not yet linked to its family', () => {
  it('is linked on sign-in (Finalizing account setup...) to the member holding its e-mail', async () => {
    const { Item: claim } = await ddb.send(
      new GetCommand({ TableName: stack.env.TABLE_NAME, Key: keys.orgName(DEMO_CHURCH) }),
    );
    // A member of the demo church (the Adams family) whose account was made without its claims.
    const account = await createAccountIn(String(claim!.orgId), { email: 'grace.adams@grace.example' });
    const { context, page } = await newPage(browser);
    await signIn(page, account.email, PASSWORD);
    await page.getByRole('heading', { name: 'Birthdays This Month' }).waitFor();
    const { Item: user } = await ddb.send(
      new GetCommand({ TableName: stack.env.TABLE_NAME, Key: keys.user(String(claim!.orgId), account.userId) }),
    );
    expect(user?.memberId).toEqual(expect.any(String));
    expect(user?.familyId).toEqual(expect.any(String));
    await context.close();
  });
});
