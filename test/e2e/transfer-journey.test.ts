/**
 * Import and export in Chromium against the local product, at 375 and 1280 px (issue 31): a new
 * church's administrator uploads a spreadsheet, reads the dry run (what would be created, a row's
 * problem with its line), imports it and follows it to its end; the families are then in the list
 * and found by search; the export saves church-directory.csv with them; the import is undone and
 * the families are gone. Breeze's people file with its tags file: the groups field offered for
 * Breeze, the dry run's groups, and the groups on the groups page. axe finds nothing on the page.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChurch, PASSWORD } from '../support/fixtures';
import { expectAccessible, launch, newPage, SCREENSHOTS } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
const folder = mkdtempSync(path.join(tmpdir(), 'transfer-journey-'));
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A spreadsheet's CSV: two households (one of two surnames) and a row whose birthday is no date. */
const SPREADSHEET = [
  'Household Name,First Name,Last Name,Email,Birthday,Street Address,City,State,Zip',
  'Abara-Lind,Chidi,Abara,chidi@example.org,04/12/1980,9 Cedar Lane,Durham,NC,27701',
  'Abara-Lind,Signe,Lind,signe@example.org,11/02/1982,9 Cedar Lane,Durham,NC,27701',
  'Quispe,Rosa,Quispe,rosa@example.org,13/40/1990,2 Elm Court,Durham,NC,27703',
  'Quispe,Mateo,Quispe,,07/07/2015,2 Elm Court,Durham,NC,27703',
].join('\r\n');

describe('Import and export', () => {
  it.each([375, 1280])('an administrator imports a spreadsheet and exports the directory (%i px)', async (width) => {
    const church = await createChurch();
    const file = path.join(folder, `people-${width}.csv`);
    writeFileSync(file, SPREADSHEET);
    const { context, page } = await newPage(browser, width);
    await signIn(page, church.adminEmail, PASSWORD);
    await page.goto('/admin/import-export');
    await page.getByRole('heading', { name: 'Import families' }).waitFor();
    await page.setInputFiles('input[type=file]', file);
    await page.getByRole('button', { name: 'Check the file' }).click();

    // The dry run: nothing written yet, the bad birthday's line named.
    const plan = page.getByRole('list', { name: 'What the import would do' });
    await plan.waitFor();
    expect(await plan.textContent()).toContain('Create 2 families with 3 members');
    await page.getByText(/line 4: birthday 13\/40\/1990 is not a date/).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/import-checked-${width}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Import 2 families' }).click();
    await page.getByText('Imported people-').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/import-done-${width}.png`, fullPage: true });
    await page.getByRole('link', { name: 'See the families' }).click();
    await page.getByRole('article', { name: 'Abara-Lind Family' }).waitFor();
    await page.getByRole('article', { name: 'Quispe Family' }).waitFor();
    // Search finds an imported member by a word of her name.
    await page.getByLabel('Search families').fill('signe');
    await expect.poll(() => page.getByRole('status').filter({ hasText: '1 family matches.' }).count()).toBe(1);
    await page.getByRole('article', { name: 'Abara-Lind Family' }).waitFor();

    await page.goto('/admin/import-export');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('church-directory.csv');
    const csv = readFileSync((await saved.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFFamily ID,Family Surname')).toBe(true);
    for (const name of ['Abara-Lind', 'Chidi', 'Signe', 'Quispe', 'Mateo']) expect(csv).toContain(name);

    // Undo: asked once more, then the imported families are gone.
    await page.getByRole('button', { name: 'Undo this import' }).click();
    await page.getByRole('button', { name: 'Yes, undo the import' }).click();
    await page.getByText(`The import of people-${width}.csv was undone.`).waitFor();
    await expectAccessible(page);
    await page.goto('/families');
    await page.getByRole('heading', { level: 1, name: 'Families' }).waitFor();
    await expect.poll(() => page.getByRole('article', { name: 'Quispe Family' }).count()).toBe(0);
    await context.close();
  });

  it("an administrator imports Breeze's people with its tags file into groups (1280 px)", async () => {
    const church = await createChurch();
    const fixture = (name: string) => `test/fixtures/import/${name}`;
    const { context, page } = await newPage(browser, 1280);
    await signIn(page, church.adminEmail, PASSWORD);
    await page.goto('/admin/import-export');
    await page.getByRole('heading', { name: 'Import families' }).waitFor();
    await page.getByLabel('File (.csv or .xlsx)').setInputFiles(fixture('breeze.csv'));
    await page.getByLabel('Where the file comes from').selectOption('breeze');
    await page.getByLabel('Groups file (optional)').setInputFiles(fixture('breeze-tags.csv'));
    await page.getByRole('button', { name: 'Check the file' }).click();

    const plan = page.getByRole('list', { name: 'What the import would do' });
    await plan.waitFor();
    expect(await plan.textContent()).toContain('and 3 groups');
    expect(await plan.textContent()).toContain('Add 4 group memberships');
    await page.getByText('breeze-tags.csv, line 3: nobody in the people file is 2004; left out of Choir.').waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/import-groups-checked-1280.png`, fullPage: true });

    await page.getByRole('button', { name: 'Import 2 families' }).click();
    await page.getByText('Imported breeze.csv').waitFor();
    await page.goto('/groups');
    for (const name of ['Choir', 'Ushers', 'Youth']) await page.getByRole('article', { name }).waitFor();
    await context.close();
  });
});
