/**
 * The PDF directory in Chromium against the local product: the book's controls are folded behind
 * Print the directory, so the families come first (also on a phone); the demo admin opens them and
 * clicks Download PDF (list and grid), the button reads 'Generating...' while the book job runs (a
 * Render task slowed by the local Step Functions), the page says 'Preparing your directory...' with
 * a progress bar, and the browser saves a valid PDF named directory.pdf with the demo church's names
 * as written. An admin who reloads during the job sees the controls open themselves on it and still
 * gets the file; a second admin's click during it joins the same job. The paper, photos and cover
 * photo chosen beside the button are the church's book setting (kept across a reload), and the cover
 * prints on the book's first page. Members see no such button.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeResult } from '../../lambdas/contract/api';
import type { StartDirectoryBookResult } from '../../lambdas/contract/book';
import { DEMO_ACCOUNTS, DEMO_CHURCH } from '../../lib/local/demo';
import { call, idToken } from '../support/api';
import { createAccountIn, PASSWORD } from '../support/fixtures';
import { injectFault } from '../support/jobs';
import { pdfText, popplerPresent } from '../support/pdfText';
import { photoJpeg } from '../support/photos';
import { expectAccessible, launch, newPage, SCREENSHOTS } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
const downloads = mkdtempSync(path.join(tmpdir(), 'pdf-journey-'));
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await injectFault(null);
  await browser?.close();
});

/** Opens the book's controls (folded behind Print the directory when the page opens) and waits for them. */
async function openPrint(page: Page) {
  const toggle = page.getByRole('button', { name: 'Print the directory' });
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  await page.getByRole('button', { name: 'Download PDF' }).waitFor();
}

/** The saved file: a PDF with the demo church's names as written. */
async function readBook(saved: string) {
  const bytes = readFileSync(saved);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(bytes);
  for (const name of [DEMO_CHURCH, 'Nguyễn Family', 'Ødegård Family', 'Index']) expect(text).toContain(name);
  return bytes;
}

describe('PDF directory', () => {
  it.each([
    ['/families', 1280, { paper: 'letter', photos: true }, 612],
    ['/families/grid', 375, { paper: 'a4', photos: false }, 595.28],
  ] as const)(
    'the admin downloads directory.pdf from %s (%i px), chosen as %o',
    async (route, width, book, pageWidth) => {
      const { context, page } = await newPage(browser, width);
      await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      await page.goto(route);
      // Folded: the families come first, the book's controls are one click away.
      const toggle = page.getByRole('button', { name: 'Print the directory' });
      await toggle.waitFor();
      const first = page.locator('[data-anchor]').first();
      await first.waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('button', { name: 'Download PDF' }).isVisible()).toBe(false);
      // The first family starts in the top three quarters of an 800 px high phone's first screen.
      expect((await first.boundingBox())!.y).toBeLessThan(600);
      await expectAccessible(page);
      await page.screenshot({ path: `${SCREENSHOTS}/pdf-folded-${width}.png` });
      await openPrint(page);
      const button = page.getByRole('button', { name: 'Download PDF' });
      await expectAccessible(page);

      // The book's Plan task waits a moment, so the job can be seen running.
      await injectFault({ state: 'Plan', delayMs: 1500 });
      let asked: unknown;
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/directory/book'))
          asked = request.postDataJSON();
      });
      // The book's choices: paper size and photos, beside the button.
      await page.getByLabel('Paper').selectOption(book.paper);
      await page.getByLabel('Photos').setChecked(book.photos);
      const download = page.waitForEvent('download', { timeout: 60_000 });
      await button.click();
      const busy = page.getByRole('button', { name: /Generating\.\.\./ });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      await page.getByText('Preparing your directory').waitFor();
      await page.getByRole('progressbar', { name: 'Directory progress' }).waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}/pdf-generating-${width}.png` });
      // The book made, the page says so long enough to be read, then the download starts.
      await page.getByText('PDF generated. Preparing download...').waitFor({ timeout: 60_000 });
      const file = await download;
      await injectFault(null);
      expect(file.suggestedFilename()).toBe('directory.pdf');
      await page.getByText('PDF download started!').waitFor();
      await page.getByRole('button', { name: 'Download PDF' }).waitFor();
      expect(await page.getByRole('button', { name: 'Download PDF' }).isEnabled()).toBe(true);
      expect(page.url()).toContain(route);
      await page.screenshot({ path: `${SCREENSHOTS}/pdf-started-${width}.png` });

      const saved = path.join(downloads, `${width}.pdf`);
      await file.saveAs(saved);
      const bytes = await readBook(saved);
      expect(asked).toEqual(book);
      const doc = await PDFDocument.load(bytes);
      expect(doc.getPageCount()).toBeGreaterThanOrEqual(3);
      expect(doc.getPage(0).getWidth()).toBeCloseTo(pageWidth, 1);
      expect(bytes.includes('/Subtype /Image')).toBe(book.photos);
      await context.close();
    },
  );

  it('an admin reloads during the job and still gets the book; a second admin’s click joins the same job', async () => {
    const me = await call<MeResult>('getMe', {
      token: await idToken(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password),
    });
    const second = await createAccountIn(me.body.orgId, { admin: true });
    // Slow enough for a reload and a second admin's click.
    await injectFault({ state: 'Plan', delayMs: 6000 });

    const other = await newPage(browser, 375);
    await signIn(other.page, second.email, PASSWORD);
    await other.page.goto('/families');
    await openPrint(other.page);

    const first = await newPage(browser, 1280);
    await signIn(first.page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await first.page.goto('/families');
    await openPrint(first.page);
    const started = first.page.waitForResponse(
      (r) => r.url().endsWith('/api/directory/book') && r.request().method() === 'POST',
    );
    await first.page.getByRole('button', { name: 'Download PDF' }).click();
    const startedBook = ((await (await started).json()) as StartDirectoryBookResult).book;
    await first.page.getByText('Preparing your directory').waitFor();

    // The reload: the page asks for the church's book and follows it again, its controls opened on it.
    await first.page.reload();
    await first.page.getByText('Preparing your directory').waitFor();
    const toggle = first.page.getByRole('button', { name: 'Print the directory' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.getAttribute('aria-describedby')).toBeTruthy();
    await first.page.getByText('Book in progress').waitFor();
    await first.page.getByRole('progressbar', { name: 'Directory progress' }).waitFor();
    expect(await first.page.getByRole('button', { name: /Generating\.\.\./ }).isDisabled()).toBe(true);
    await first.page.screenshot({ path: `${SCREENSHOTS}/pdf-resumed-1280.png` });
    const firstDownload = first.page.waitForEvent('download', { timeout: 60_000 });

    // The second admin's page was opened before the job started; its click during the job joins it.
    const joined = other.page.waitForResponse(
      (r) => r.url().endsWith('/api/directory/book') && r.request().method() === 'POST',
    );
    await other.page.getByRole('button', { name: 'Download PDF' }).click();
    const joinedBody = (await (await joined).json()) as StartDirectoryBookResult;
    expect(joinedBody.joined).toBe(true);
    expect(joinedBody.book.jobId).toBe(startedBook.jobId);
    await other.page.getByText('Preparing your directory').waitFor();
    const otherDownload = other.page.waitForEvent('download', { timeout: 60_000 });

    for (const [download, name] of [
      [await firstDownload, 'first'],
      [await otherDownload, 'second'],
    ] as const) {
      expect(download.suggestedFilename()).toBe('directory.pdf');
      const saved = path.join(downloads, `${name}.pdf`);
      await download.saveAs(saved);
      await readBook(saved);
    }
    await first.page.getByText('PDF download started!').waitFor();
    // The finished book stays offered.
    await first.page.getByRole('link', { name: /Last book/ }).waitFor();
    await injectFault(null);
    await first.context.close();
    await other.context.close();
  });

  it('the admin’s paper, photos and cover photo are the church’s book setting, and the cover prints on the book', async () => {
    const { context, page } = await newPage(browser, 1280);
    await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    await page.goto('/families');
    await openPrint(page);
    const saved = () =>
      page.waitForResponse((r) => r.url().endsWith('/api/directory/book/settings') && r.request().method() === 'PUT');
    // Each choice below changes the setting, whatever the earlier tests left it at, so each is saved;
    // the church ends on Letter without family photos.
    let saving: ReturnType<typeof saved>;
    const choose = async (change: () => Promise<void>) => {
      saving = saved();
      await change();
      await saving;
    };
    const paper = page.getByLabel('Paper');
    if ((await paper.inputValue()) === 'letter') await choose(() => paper.selectOption('a4').then(() => undefined));
    await choose(() => paper.selectOption('letter').then(() => undefined));
    const photos = page.getByLabel('Photos');
    if (!(await photos.isChecked())) await choose(() => photos.setChecked(true));
    await choose(() => photos.setChecked(false));
    // The cover: chosen as a family's photo is, uploaded, checked by the photo pipeline, then saved.
    await page.getByLabel('Add cover photo').setInputFiles({
      name: 'cover.jpg',
      mimeType: 'image/jpeg',
      buffer: photoJpeg(5, 1200, 800),
    });
    const preview = page.getByRole('img', { name: "The book's cover photo" });
    await preview.waitFor({ timeout: 30_000 });
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/pdf-settings-1280.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${SCREENSHOTS}/pdf-settings-375.png` });

    // Saved on the church: read again after a reload.
    await page.reload();
    await openPrint(page);
    await preview.waitFor();
    expect(await page.getByLabel('Paper').inputValue()).toBe('letter');
    expect(await page.getByLabel('Photos').isChecked()).toBe(false);

    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const file = path.join(downloads, 'cover.pdf');
    await (await download).saveAs(file);
    const bytes = await readBook(file);
    // Family photos are off: the cover page's one image is the cover photo.
    const cover = (await PDFDocument.load(bytes)).getPage(0);
    expect(cover.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict)?.keys()).toHaveLength(1);
    // A picture of the cover for a person to look at, where poppler is installed (nothing reads it).
    if (popplerPresent)
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, `${SCREENSHOTS}/pdf-cover`]);

    // Removed: the setting has no cover any more.
    saving = saved();
    await page.getByRole('button', { name: 'Remove cover' }).click();
    await saving;
    await page.getByLabel('Add cover photo').waitFor({ state: 'attached' });
    expect(await preview.count()).toBe(0);
    await context.close();
  });

  it('is not offered to a member', async () => {
    const { context, page } = await newPage(browser, 1280);
    await signIn(page, DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password);
    await page.goto('/families');
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('button', { name: 'Print the directory' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Download PDF' }).count()).toBe(0);
    await context.close();
  });
});
