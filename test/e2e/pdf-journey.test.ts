/**
 * The PDF directory in Chromium against the local product: the demo admin clicks Download PDF
 * (list and grid), the button reads 'Generating...' while it works, and the browser saves a valid
 * PDF named directory.pdf with the demo church's names as written. Members see no such button.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_CHURCH } from '../../lib/local/demo';
import { expectAccessible, launch, newPage, SCREENSHOTS } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
const downloads = mkdtempSync(path.join(tmpdir(), 'pdf-journey-'));
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

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
      const button = page.getByRole('button', { name: 'Download PDF' });
      await button.waitFor();
      await expectAccessible(page);

      // Hold the call at the browser's edge so the busy state can be seen, then let it through.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked: unknown;
      await page.route('**/api/directory/pdf', async (request) => {
        asked = request.request().postDataJSON();
        await held;
        await request.continue();
      });
      // The book's choices: paper size and photos, beside the button.
      await page.getByLabel('Paper').selectOption(book.paper);
      await page.getByLabel('Photos').setChecked(book.photos);
      const download = page.waitForEvent('download', { timeout: 60_000 });
      await button.click();
      const busy = page.getByRole('button', { name: /Generating\.\.\./ });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      await page.screenshot({ path: `${SCREENSHOTS}/pdf-generating-${width}.png` });
      release();
      const file = await download;
      expect(file.suggestedFilename()).toBe('directory.pdf');
      await page.getByText('PDF download started!').waitFor();
      await page.getByRole('button', { name: 'Download PDF' }).waitFor();
      expect(await page.getByRole('button', { name: 'Download PDF' }).isEnabled()).toBe(true);
      expect(page.url()).toContain(route);
      await page.screenshot({ path: `${SCREENSHOTS}/pdf-started-${width}.png` });

      const saved = path.join(downloads, `${width}.pdf`);
      await file.saveAs(saved);
      const bytes = readFileSync(saved);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(asked).toEqual(book);
      const doc = await PDFDocument.load(bytes);
      expect(doc.getPageCount()).toBeGreaterThanOrEqual(3);
      expect(doc.getPage(0).getWidth()).toBeCloseTo(pageWidth, 1);
      expect(bytes.includes('/Subtype /Image')).toBe(book.photos);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', saved, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      for (const name of [DEMO_CHURCH, 'Nguyễn Family', 'Ødegård Family', 'Index']) expect(text).toContain(name);
      await context.close();
    },
  );

  it('is not offered to a member', async () => {
    const { context, page } = await newPage(browser, 1280);
    await signIn(page, DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password);
    await page.goto('/families');
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('button', { name: 'Download PDF' }).count()).toBe(0);
    await context.close();
  });
});
