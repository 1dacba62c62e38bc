/**
 * Debian's Chromium driven by playwright-core, with the flags this machine needs (no sandbox as
 * root, no background networking on a closed network). Screenshots go to test-results/.
 */
import AxeBuilder from '@axe-core/playwright';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { stack } from '../../support/env';
import { CHROMIUM, CHROMIUM_ARGS as ARGS } from '../../support/chromium';

export const SCREENSHOTS = 'test-results/screenshots';

export async function launch(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/**
 * A page at this width. Its service worker is blocked unless asked for: each fresh context would
 * otherwise download the whole precache beside the journey (the installable app's own test,
 * installable-app.test.ts, lets it run).
 */
export async function newPage(
  browser: Browser,
  width = 1280,
  { serviceWorker = false } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion: axe then measures colours at rest, never halfway through a button's transition.
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    baseURL: stack.url,
    reducedMotion: 'reduce',
    serviceWorkers: serviceWorker ? 'allow' : 'block',
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  return { context, page };
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** Digests of documents found clean at their viewport: the same document gets the same answer. */
const foundClean = new Set<string>();

/**
 * Zero axe violations (WCAG 2.1 A and AA) on the page as it stands. (Not `resultTypes:
 * ['violations']`: it made landmark-unique report two distinct landmarks as one.) A document already found clean at the
 * same viewport (the same markup, byte for byte: a redirect to a page checked before, the gate in
 * front of every route) is not checked again, since axe would find the same.
 */
export async function expectAccessible(page: Page) {
  const markup = await page.evaluate(() => `${innerWidth}x${innerHeight}\n${document.documentElement.outerHTML}`);
  const digest = createHash('sha256').update(markup).digest('hex');
  if (foundClean.has(digest)) return;
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
  foundClean.add(digest);
}

/**
 * Resolves once the page has had no request in flight for `quietMs` (Playwright's networkidle
 * waits 500 ms of quiet; the pages here settle well within less). Count from before navigating:
 * `const quiet = requestsOf(page)`, then `await quiet()` after each step.
 */
export function requestsOf(page: Page, quietMs = 150): () => Promise<void> {
  let inFlight = 0;
  let lastChange = performance.now();
  const change = (by: number) => {
    inFlight += by;
    lastChange = performance.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return async () => {
    await page.waitForLoadState('load');
    while (inFlight > 0 || performance.now() - lastChange < quietMs)
      await new Promise((r) => setTimeout(r, Math.max(20, quietMs - (performance.now() - lastChange))));
  };
}

interface Mail {
  to: string;
  subject: string;
  code?: string;
}

/** The newest code mailed to an address (waits for it to arrive). */
export async function codeFor(email: string, after = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mails = (await (
      await fetch(`${stack.url}/_local/mailbox.json?to=${encodeURIComponent(email)}`)
    ).json()) as Mail[];
    if (mails.length > after && mails[0]?.code) return mails[0].code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No code mailed to ${email}`);
}

export async function mailCount(email: string): Promise<number> {
  return ((await (await fetch(`${stack.url}/_local/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as Mail[])
    .length;
}

/**
 * Waits until the family list or grid holds every family: it comes a page at a time (the next
 * when the person nears the end, or presses More families), and renders each page's first screen
 * at once and the rest just after (useProgressive), so a check that a family is absent must wait
 * for this.
 */
export async function familiesComplete(page: Page) {
  const more = page.getByRole('button', { name: /More families|Loading more families/ });
  const rendered = page.locator(
    '.FamiliesPage_family-list[aria-busy="false"], .FamiliesPage_family-grid[aria-busy="false"]',
  );
  await rendered.waitFor({ state: 'attached' });
  // Scrolled to the end, the list asks for its next page; until there is none.
  while ((await more.count()) > 0) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(150);
  }
  await rendered.waitFor({ state: 'attached' });
}
