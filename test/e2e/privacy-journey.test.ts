/**
 * Privacy in Chromium against the local product: a member sees on their profile what others see,
 * hides their cellphone, then leaves the family out of the directory. Another member (the demo
 * member) then finds neither on the list, the grid, the family page or the dashboard, and the
 * printed book has neither; the administrator sees both, marked. Screenshots at 1280 and 375 px,
 * axe on the privacy page.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeResult } from '../../lambdas/contract/api';
import { PRIVACY_MESSAGES, UNLISTED_MARK } from '../../lambdas/contract/privacy';
import { DEMO_ACCOUNTS } from '../../lib/local/demo';
import { call, idToken } from '../support/api';
import { addFamilyVia, createAccountIn, PASSWORD } from '../support/fixtures';
import { makeBook } from '../support/book';
import { pdfText } from '../support/pdfText';
import { expectAccessible, familiesComplete, launch, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
let adminToken: string;
const stamp = Date.now().toString(36);
const surname = `Privat-${stamp}`;
const month = new Date().getMonth() + 1;
const mm = String(month).padStart(2, '0');
const CELL = '(919) 555-0177';
let family: Awaited<ReturnType<typeof addFamilyVia>>;
let account: { email: string };

beforeAll(async () => {
  browser = await launch();
  adminToken = await idToken(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const me = await call<MeResult>('getMe', { token: adminToken });
  family = await addFamilyVia(adminToken, { surname, anniversary: `${mm}/11` });
  const member = await call('updateMember', {
    token: adminToken,
    params: { memberId: family.memberId },
    body: { name: 'Ruth', birthday: `${mm}/12`, cellphone: CELL, email: null, version: family.memberVersion },
  });
  expect(member.status, JSON.stringify(member.body)).toBe(200);
  account = await createAccountIn(me.body.orgId, { familyId: family.familyId, memberId: family.memberId });
});
afterAll(async () => {
  await call('deleteFamily', { token: adminToken, params: { familyId: family.familyId } });
  await browser?.close();
});

/** What the demo member finds of the family on every screen that shows families. */
async function seenByAnotherMember() {
  const { context, page } = await newPage(browser);
  await signIn(page, DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.waitForLoadState('networkidle');
  const dashboard = await page.locator('main').innerText();
  await page.goto('/families');
  await page.getByRole('heading', { name: 'Families' }).waitFor();
  await familiesComplete(page);
  // The DOM's text, not the rendered text: a family card below the screen is not rendered until
  // it nears it (content-visibility), and the list must be read whole.
  const list = (await page.locator('main').textContent()) ?? '';
  const card = page.getByRole('article', { name: `${surname} Family` });
  const cardText = (await card.count()) ? await card.textContent() : null;
  await page.goto('/families/grid');
  await familiesComplete(page);
  const grid = await page.locator('main').innerText();
  await page.goto(`/families/${family.familyId}`);
  await page.waitForLoadState('networkidle');
  const detail = await page.locator('main').innerText();
  await context.close();
  return { dashboard, list, cardText, grid, detail };
}

async function printedBook(): Promise<string> {
  return pdfText((await makeBook(adminToken)).bytes!);
}

describe('privacy, as members choose it', () => {
  it('the member sees what others see, and hides their cellphone from everyone but administrators', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await newPage(browser, width);
      await signIn(page, account.email, PASSWORD);
      await page.goto('/profile');
      const preview = page.getByRole('table', { name: `What others see of the ${surname} family` });
      await expect.poll(() => preview.innerText()).toContain(CELL);
      await screenshot(page, `privacy-profile-${width}`);
      await context.close();
    }

    const { context, page } = await newPage(browser);
    await signIn(page, account.email, PASSWORD);
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Choose who sees your details' }).click();
    await page.getByRole('button', { name: 'Save Privacy Choices' }).waitFor();
    await page.getByLabel('Cellphone').selectOption('admins');
    // The preview follows the choice before it is saved.
    const preview = page.getByRole('table', { name: `What others see of the ${surname} family` });
    await expect.poll(() => preview.innerText()).not.toContain(CELL);
    await expectAccessible(page);
    await screenshot(page, 'privacy-family-1280');
    await page.getByRole('button', { name: 'Save Privacy Choices' }).click();
    await page.getByText(PRIVACY_MESSAGES.saved).waitFor();
    // The family still sees its own cellphone, marked as hidden from the others.
    await page.getByText(CELL).waitFor();
    await page.getByText('Admins only').first().waitFor();
    await context.close();

    const seen = await seenByAnotherMember();
    expect(seen.cardText).toContain(surname);
    expect(seen.cardText).not.toContain(CELL);
    expect(seen.detail).toContain(`${surname} Family`);
    expect(seen.detail).not.toContain(CELL);
    expect(await printedBook()).not.toContain(CELL);
  });

  it('leaves the family out of the directory: another member finds it nowhere; the admin sees it, marked', async () => {
    const { context, page } = await newPage(browser, 375);
    await signIn(page, account.email, PASSWORD);
    await page.goto(`/families/${family.familyId}/privacy`);
    await page.getByLabel('Leave our family out of the directory').check();
    await screenshot(page, 'privacy-unlisted-375');
    await page.getByRole('button', { name: 'Save Privacy Choices' }).click();
    await page.getByText(PRIVACY_MESSAGES.saved).waitFor();
    await context.close();

    const seen = await seenByAnotherMember();
    expect(seen.cardText).toBeNull();
    for (const screen of [seen.dashboard, seen.list, seen.grid]) expect(screen).not.toContain(surname);
    expect(seen.detail).toContain('Family not found.');
    const book = await printedBook();
    expect(book).not.toContain(surname);

    const admin = await newPage(browser);
    await signIn(admin.page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await admin.page.goto('/families');
    const card = admin.page.getByRole('article', { name: `${surname} Family` });
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain(UNLISTED_MARK.short);
    expect(await card.textContent()).toContain(CELL);
    expect(await card.textContent()).toContain('Admins only');
    await card.scrollIntoViewIfNeeded();
    await screenshot(admin.page, 'privacy-admin-marks-1280');
    await admin.context.close();
  });
});
