/**
 * The installable app (web/pwa.ts): a valid web app manifest whose icons exist at their sizes, the
 * iOS tags, a service worker that takes control, and the app shell opening with no network.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stack } from '../support/env';
import { launch, newPage, screenshot } from './support/browser';

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
});
