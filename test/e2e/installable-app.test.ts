/**
 * The installable app (web/pwa.ts): a valid web app manifest whose icons exist at their sizes, the
 * iOS tags, a service worker that takes control, the app shell opening with no network, a new
 * deployment offered and reloaded into, and the installed app's tabs within thumb reach.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stack } from '../support/env';
import { DEMO_ACCOUNTS } from '../../lib/local/demo';
import { expectAccessible, launch, newPage, SCREENSHOTS, screenshot } from './support/browser';
import { signIn } from './support/session';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

async function pngSize(path: string): Promise<string> {
  const answer = await fetch(`${stack.url}/${path.replace(/^\//, '')}`);
  expect(answer.status, path).toBe(200);
  expect(answer.headers.get('content-type'), path).toContain('image/png');
  const { width, height, format } = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
  expect(format).toBe('png');
  return `${width}x${height}`;
}

describe('the installable app', () => {
  it('has a manifest an installer accepts, with its icons at their sizes, and the iOS tags', async () => {
    const html = await (await fetch(`${stack.url}/`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const answer = await fetch(`${stack.url}/manifest.webmanifest`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await answer.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      name: 'Church Directory',
      short_name: 'Directory',
      start_url: '/dashboard',
      display: 'standalone',
      theme_color: '#244463',
    });
    const icon = (size: string, purpose?: string) =>
      manifest.icons.find((i) => i.sizes === size && i.type === 'image/png' && i.purpose === purpose);
    for (const [size, purpose] of [['192x192'], ['512x512'], ['512x512', 'maskable']] as const) {
      const found = icon(size, purpose);
      expect(found, `${size} ${purpose ?? 'any'}`).toBeDefined();
      expect(await pngSize(found!.src)).toBe(size);
    }
    const touchIcon = /<link rel="apple-touch-icon" href="([^"]+)">/.exec(html)?.[1];
    expect(await pngSize(touchIcon!)).toBe('180x180');
    expect(html).toContain('<meta name="apple-mobile-web-app-capable" content="yes" />');
    expect(html).toContain('<meta name="apple-mobile-web-app-title" content="Directory" />');
  });

  it('runs a service worker that takes control, and opens the app shell with no network', async () => {
    const browser = await launch();
    try {
      const { context, page } = await newPage(browser, 375, { serviceWorker: true });
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign In' }).waitFor();
      const state = await page.evaluate(async () => {
        const worker = (await navigator.serviceWorker.ready).active!;
        if (worker.state !== 'activated')
          await new Promise((done) =>
            worker.addEventListener('statechange', () => worker.state === 'activated' && done(null)),
          );
        return worker.state;
      });
      expect(state).toBe('activated');
      // The first load is the network's; from the next, the worker answers.
      await page.reload();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

      await context.setOffline(true);
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign In' }).waitFor();
      await page.getByLabel('Email').waitFor();
      await screenshot(page, 'installable-app-offline-375');
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it('offers a new version once one is deployed, and reloads into it (375 px)', async () => {
    const browser = await launch();
    const worker = path.resolve('web/dist/sw.js');
    const deployed = readFileSync(worker, 'utf8');
    try {
      const { context, page } = await newPage(browser, 375, { serviceWorker: true });
      await page.goto('/login');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

      // A deployment: the worker's script changes; the app's hourly check (here at once) finds it.
      writeFileSync(worker, `${deployed}\n// deployed ${Date.now()}\n`);
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())!.update();
      });
      const bar = page.getByRole('status').filter({ hasText: 'New version available' });
      await bar.waitFor();
      await expectAccessible(page);
      await screenshot(page, 'new-version-375');
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
      await page.getByRole('heading', { name: 'Sign In' }).waitFor();
      expect(await bar.count()).toBe(0);
      const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting);
      expect(waiting).toBeNull();
      await context.close();
    } finally {
      writeFileSync(worker, deployed);
      await browser.close();
    }
  });

  it('puts the main places within thumb reach in the installed app on a phone', async () => {
    const browser = await launch();
    try {
      const { context, page } = await newPage(browser, 375);
      await signIn(page, DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password);
      const tabs = page.getByRole('navigation', { name: 'App' });
      // In a browser tab the menu stays at the top, as websites do.
      expect(await tabs.isVisible()).toBe(false);
      // The browser's answer as an installed app's (Chromium's DevTools cannot emulate display-mode).
      await page.addInitScript(() => {
        const ask = window.matchMedia.bind(window);
        window.matchMedia = (query) =>
          query === '(display-mode: standalone)' ? ({ ...ask(query), matches: true } as MediaQueryList) : ask(query);
      });
      await page.reload();
      await tabs.waitFor();
      const viewport = page.viewportSize()!;
      for (const name of ['Dashboard', 'Families', 'Groups', 'Profile']) {
        const box = (await tabs.getByRole('link', { name }).boundingBox())!;
        expect(box.height, name).toBeGreaterThanOrEqual(44);
        expect(box.width, name).toBeGreaterThanOrEqual(44);
        // In the bottom third of the screen: where the thumb of the hand holding the phone reaches.
        expect(box.y, name).toBeGreaterThan((viewport.height * 2) / 3);
      }
      await tabs.getByRole('link', { name: 'Families' }).click();
      await page.getByRole('heading', { level: 1, name: 'Families' }).waitFor();
      await expectAccessible(page);
      await page.screenshot({ path: `${SCREENSHOTS}/app-tabs-375.png` });
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it('gives every tap target on the directory’s pages at least 44 px each way on a phone', async () => {
    const browser = await launch();
    try {
      const { context, page } = await newPage(browser, 375);
      await signIn(page, DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password);
      const pages = ['/dashboard', '/families', '/families/grid', '/groups'];
      await page.goto('/families');
      pages.push(
        (await page
          .getByRole('link', { name: /Okafor Family/ })
          .first()
          .getAttribute('href'))!,
      );
      await page.goto('/groups');
      pages.push(
        (await page
          .getByRole('link', { name: /members of/ })
          .first()
          .getAttribute('href'))!,
      );
      for (const path of pages) {
        await page.goto(path);
        await page.locator('#main .page-title').waitFor();
        await page.waitForLoadState('networkidle');
        const small =
          await page.evaluate(`[...document.querySelectorAll('a[href], button, input, select, [role=button]')]
          .filter((e) => e.offsetParent && getComputedStyle(e).visibility !== 'hidden')
          .map((e) => { const r = e.getBoundingClientRect(); return [(e.textContent || e.getAttribute('aria-label') || e.tagName).trim().slice(0, 40), Math.round(r.width), Math.round(r.height)]; })
          .filter(([, w, h]) => w < 44 || h < 44)`);
        expect(small, path).toEqual([]);
      }
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
