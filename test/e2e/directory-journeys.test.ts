/**
 * The directory in Chromium against the local product (demo church): an admin adds a family with
 * a photo and finds it in the list, grid and detail; edits it, keeping the photo; adds a member
 * born this month and finds them on the dashboard; the family user edits their own family and no
 * other; deleting a family removes its members from every screen. Screenshots at 1280 and 375 px, axe on each page.
 */
import jpeg from 'jpeg-js';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../lib/local/demo';
import { expectAccessible, familiesComplete, launch, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36);
const month = String(new Date().getMonth() + 1).padStart(2, '0');
const longMonth = new Date().toLocaleString('en-US', { month: 'long' });

/** A 2400x1600 JPEG: large enough that the browser must resize it before upload. */
function bigPhoto(): string {
  const width = 2400;
  const height = 1600;
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data[i * 4] = (i % width) / 10;
    data[i * 4 + 1] = 120;
    data[i * 4 + 2] = Math.floor(i / width) / 7;
    data[i * 4 + 3] = 255;
  }
  const file = path.join(os.tmpdir(), `family-${stamp}.jpg`);
  writeFileSync(file, jpeg.encode({ data, width, height }, 85).data);
  return file;
}

const familyCard = (page: Page, surname: string) =>
  page.getByRole('article', { name: new RegExp(`${surname} Family`) });

describe('the directory, as an administrator', () => {
  const surname = `Abbott-${stamp}`;
  let familyUrl = '';

  it('adds a family with a photo and sees it in the list, the grid and its detail page', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.goto('/families');
    await page.getByRole('link', { name: 'Add Family' }).click();
    await page.getByRole('heading', { name: 'Add New Family' }).waitFor();
    await page.getByLabel(/Family Surname/).fill(surname);
    await page.getByLabel('Anniversary (MM/DD)').fill(`${month}/02`);
    await page.getByLabel('Home Phone').fill('(919) 555-0199');
    await page.getByLabel('Street Address').fill('7 Chapel Hill Road');
    await page.getByLabel('City').fill('Raleigh');
    await page.getByLabel('State').fill('nc');
    await page.getByLabel('Zip Code').fill('27601');
    await page.locator('input[type=file]').setInputFiles(bigPhoto());
    await page.getByRole('img', { name: 'Preview of the new family photo' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'family-add-1280');
    await page.getByRole('button', { name: 'Add Family' }).click();
    await page.getByText('Family added successfully!').waitFor();
    await page.waitForURL(/\/families\/[0-9a-f-]{36}$/);
    familyUrl = new URL(page.url()).pathname;

    // Detail: the photo loads (from S3 through its presigned URL), the details are as entered.
    await page.getByRole('heading', { name: `${surname} Family` }).waitFor();
    const photo = page
      .locator('img.FamilyDetailPage_family-detail__photo, .FamilyDetailPage_family-detail img')
      .first();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const width = await photo.evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(width).toBeLessThanOrEqual(800);
    // A rendition the server made, chosen by the browser from srcset for the box: never the upload.
    expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/(small|page)\.webp\?/);
    expect(await page.getByText('7 Chapel Hill Road').count()).toBeGreaterThan(0);
    expect(await page.getByText('NC', { exact: true }).count()).toBeGreaterThan(0);
    await screenshot(page, 'family-detail-1280');
    await expectAccessible(page);

    await page.goto('/families');
    await familyCard(page, surname).waitFor();
    expect(await familyCard(page, surname).getByText(`${month}/02`).count()).toBeGreaterThan(0);
    await screenshot(page, 'families-list-1280');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Grid View' }).click();
    await page.waitForURL('**/families/grid');
    // A grid tile is named by the surname alone (list cards say '{surname} Family').
    const tile = page.getByRole('link', { name: surname, exact: true });
    await tile.waitFor();
    await screenshot(page, 'families-grid-1280');
    await expectAccessible(page);
    await tile.click();
    await page.waitForURL(`**${familyUrl}`);
    await context.close();
  });

  it('edits the family and keeps its photo, which the form never needs the key of', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.goto(familyUrl.replace('/families/', '/families/edit/'));
    await page.getByRole('heading', { name: 'Edit Family Details' }).waitFor();
    await page.getByText('Current photo.').waitFor();
    await page.getByLabel('Home Phone').fill('(919) 555-0142');
    await page.getByRole('button', { name: 'Update Family' }).click();
    await page.getByText('Family updated successfully!').waitFor();
    await page.waitForURL(`**${familyUrl}`);
    await page.getByText('(919) 555-0142').first().waitFor();
    const photo = page
      .locator('img.FamilyDetailPage_family-detail__photo, .FamilyDetailPage_family-detail img')
      .first();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await context.close();
  });

  it('adds a member born this month and finds them on the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.goto(familyUrl);
    await page.getByRole('button', { name: 'Add Member' }).click();
    await page.waitForURL('**/members/add');
    expect(await page.getByLabel('Family', { exact: true }).inputValue()).toBe(`${surname} Family`);
    await page.getByLabel(/First Name/).fill('Zipporah');
    await page.getByLabel('Birthday (MM/DD)').fill(`${month}/28`);
    await page.getByLabel('Email Address').fill(`zipporah-${stamp}@grace.example`);
    await page.getByRole('button', { name: 'Add Member' }).click();
    await page.getByText('Member added successfully!').waitFor();
    await page.waitForURL(`**${familyUrl}`, { timeout: 10_000 });
    await page.getByRole('rowheader', { name: 'Zipporah' }).waitFor();

    await page.goto('/dashboard');
    const birthdays = page.getByRole('region', { name: 'Birthdays This Month' });
    await birthdays.getByText(/Zipporah/).waitFor();
    expect(await birthdays.getByText(`${longMonth} 28`).count()).toBeGreaterThan(0);
    const anniversaries = page.getByRole('region', { name: 'Anniversaries This Month' });
    await anniversaries.getByText(`${surname} Family`).waitFor();
    await screenshot(page, 'dashboard-1280');
    await expectAccessible(page);
    await context.close();
  });

  it('deletes the family, and its members leave every screen', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.goto(familyUrl);
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain('REMOVE FAMILY');
      void dialog.accept();
    });
    await page.getByRole('button', { name: /Delete Family/ }).click();
    await page.waitForURL('**/families');
    await page.getByText(`${surname} deleted successfully.`).waitFor();
    await familiesComplete(page);
    expect(await familyCard(page, surname).count()).toBe(0);
    expect(await page.getByText('Zipporah').count()).toBe(0);
    await page.goto('/families/grid');
    await familiesComplete(page);
    expect(await page.getByRole('link', { name: new RegExp(surname) }).count()).toBe(0);
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Birthdays This Month' }).waitFor();
    expect(await page.getByText(/Zipporah/).count()).toBe(0);
    expect(await page.getByText(`${surname} Family`).count()).toBe(0);
    await page.goto(familyUrl);
    await page.getByText('Family not found.').waitFor();
    await context.close();
  });
});

describe('the directory, as a family user', () => {
  it.each([1280, 375])('edits their own family and cannot edit another (%i px)', async (width) => {
    const { context, page } = await newPage(browser, width);
    await signIn(page, DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password);
    await page.goto('/families');
    const own = familyCard(page, 'Okafor');
    await own.waitFor();
    await familiesComplete(page);
    await screenshot(page, `families-member-${width}`);
    // Only their own card offers editing; others show '--'.
    expect(await page.getByRole('link', { name: /^Edit .* Family$/ }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Add Family' }).count()).toBe(0);
    await own.getByRole('link', { name: 'Edit Okafor Family' }).click();
    await page.getByRole('heading', { name: 'Edit Family Details' }).waitFor();
    const phone = `(919) 555-${String(width).padStart(4, '0')}`;
    await page.getByLabel('Home Phone').fill(phone);
    await screenshot(page, `family-edit-member-${width}`);
    await expectAccessible(page);
    await page.getByRole('button', { name: /Update Family|Save/ }).click();
    await page.getByText('Family updated successfully!').waitFor();
    await page.waitForURL(/\/families\/[0-9a-f-]{36}$/);
    await page.getByText(phone).first().waitFor();

    // Another family, straight to its edit address: refused with the no-permission text.
    await page.goto('/families');
    const other = familyCard(page, 'Adams');
    const href = await other
      .getByRole('link', { name: /Adams Family/ })
      .first()
      .getAttribute('href');
    await page.goto(href!.replace('/families/', '/families/edit/'));
    await page.getByText('Error: You do not have permission to edit this family.').waitFor();
    await context.close();
  });
});

describe('finding a family in a long list, on a phone (375 px)', () => {
  it('finds a family by its accented surname typed without accents, opens it and comes back to the search', async () => {
    const { context, page } = await newPage(browser, 375);
    await signIn(page, DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password);
    await page.goto('/families');
    await page.locator('.FamiliesPage_family-card').first().waitFor();
    await page.getByLabel('Search families').fill('odegard');
    // The family is in the whole list too: the answer to the search is the one that says so.
    await expect.poll(() => page.getByRole('status').filter({ hasText: '1 family matches.' }).count()).toBe(1);
    const found = page.getByRole('article', { name: 'Ødegård Family' });
    await found.waitFor();
    expect(await page.locator('.FamiliesPage_family-card').count()).toBe(1);
    await expectAccessible(page);
    await screenshot(page, 'families-search-375');

    await found.getByRole('link', { name: 'Ødegård Family' }).click();
    await page.waitForURL(/\/families\/[^/?]+$/);
    await page.getByRole('heading', { level: 1, name: /Ødegård/ }).waitFor();
    await page.goBack();
    // The search is in the address: coming back finds it as it was left.
    await page.getByRole('article', { name: 'Ødegård Family' }).waitFor();
    expect(await page.getByLabel('Search families').inputValue()).toBe('odegard');
    await context.close();
  });

  it('comes back from a family to the same place in the list, and jumps to a letter', async () => {
    const { context, page } = await newPage(browser, 375);
    await signIn(page, DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password);
    await page.goto('/families');
    await familiesComplete(page);
    const cards = page.locator('.FamiliesPage_family-card');
    expect(await cards.count()).toBeGreaterThan(30);
    // A family far down the list, past the first page.
    const far = cards.nth(32);
    // textContent: cards off screen skip rendering (content-visibility), so they have no innerText.
    const name = ((await far.locator('h2').textContent()) ?? '').trim();
    await far.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(10_000);
    // Where the family sits on the screen: the same place when the reader comes back (the cards
    // above are drawn only near the screen, so the page's pixel offset itself may differ).
    const onScreen = async () => (await page.getByRole('article', { name }).boundingBox())?.y ?? NaN;
    const before = await onScreen();
    await far.locator('h2 a').click();
    await page.waitForURL(/\/families\/[^/?]+$/);
    await page.goBack();
    await page.getByRole('article', { name }).waitFor();
    await expect.poll(async () => Math.abs((await onScreen()) - before)).toBeLessThan(100);
    expect(await page.getByRole('article', { name }).isVisible()).toBe(true);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: 'Families from M' }).click();
    await page.waitForURL(/\/families\?from=M$/);
    await expect.poll(() => page.locator('.FamiliesPage_family-card h2').first().innerText()).toMatch(/^M/);
    expect(await page.getByRole('link', { name: 'Families from M' }).getAttribute('aria-current')).toBe('true');
    // Earlier families are a press away.
    await page.getByRole('button', { name: 'Earlier families' }).click();
    await expect.poll(() => page.locator('.FamiliesPage_family-card h2').first().innerText()).toMatch(/^A/);
    await screenshot(page, 'families-letter-375');
    // Opened from a link at a late letter: the bar's row shows that letter, not A to G.
    await page.goto('/families?from=W');
    const w = page.getByRole('link', { name: 'Families from W' });
    await expect.poll(async () => w.getAttribute('aria-current')).toBe('true');
    await expect
      .poll(async () => {
        const box = await w.boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= 375;
      })
      .toBe(true);
    await context.close();
  });
});
