/**
 * How the built app is served: compressed like CloudFront serves it, hashed assets cached for
 * good; and how it starts: everything start-up needs is asked for by index.html itself.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../lib/local/demo';
import { stack } from '../support/env';
import { launch, newPage } from './support/browser';
import { signIn } from './support/session';

describe('the built app', () => {
  it('serves its entry script gzipped to browsers that accept it, and as is to others', async () => {
    const html = await (await fetch(`${stack.url}/`)).text();
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/index-.+\.js$/);
    const onDisk = await readFile(`web/dist${entry}`, 'utf8');

    const zipped = await fetch(`${stack.url}${entry}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await zipped.text()).toBe(onDisk);

    const plain = await fetch(`${stack.url}${entry}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(onDisk);
  });

  it('starts a signed-in page with config.json, Amplify, the page code and its reads fetched at once, each once', async () => {
    const html = await (await fetch(`${stack.url}/`)).text();
    expect(html).toMatch(
      /<link rel="preload" href="\/config.json" as="fetch" crossorigin="anonymous" fetchpriority="low"/,
    );
    // Amplify's start-up, in its tier's file (web/codeTiers.ts).
    expect(html).toMatch(
      /<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/startup-[^"]+\.js">/,
    );

    const browser = await launch();
    try {
      const { page } = await newPage(browser, 375);
      await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await page.goto(`${stack.url}/groups`);
      await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
      // The preload is the fetch main.tsx makes, not a second download.
      expect(asked.filter((p) => p === '/config.json')).toHaveLength(1);
      // The page's code and its first reads start from the early script (web/src/early), which the
      // built page lists the page's chunks for; the app takes each read's answer instead of asking
      // again, so every one is asked for once and none is left untaken.
      const listed = html.match(/<script type="application\/json" id="early-page-chunks">(.*?)<\/script>/)?.[1];
      const groupsCode = (JSON.parse(listed ?? '{}') as Record<string, string[]>)['/groups'] ?? [];
      expect(groupsCode.some((file) => /^\/assets\/GroupsPage-.+\.js$/.test(file))).toBe(true);
      // A few files, not one per shared module: over HTTP/1.1 each six cost a phone a round trip.
      expect(groupsCode.length).toBeLessThanOrEqual(6);
      for (const file of groupsCode)
        expect(
          asked.filter((p) => p === file),
          file,
        ).toHaveLength(1);
      expect(asked.filter((p) => p === '/api/groups')).toHaveLength(1);
      expect(asked.filter((p) => p === '/api/me')).toHaveLength(1);
      expect(await page.evaluate(() => window.earlyReads && Object.keys(window.earlyReads))).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it("asks for the grid's first photos as the list's answer arrives, and each photo once", async () => {
    const browser = await launch();
    try {
      const { page } = await newPage(browser, 375);
      await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      const photos: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'image' && !request.url().startsWith(stack.url)) photos.push(request.url());
      });
      await page.goto(`${stack.url}/families/grid`);
      await page.locator('.FamiliesPage_family-tile__photo').first().waitFor();
      await page.waitForLoadState('networkidle');
      // The early script's preloads, with the URLs the grid's first tiles then show.
      const preloaded = await page.$$eval('link[rel="preload"][as="image"]', (links) =>
        links.map((link) => link.getAttribute('href')),
      );
      const shown = await page.$$eval('.FamiliesPage_family-tile__photo', (images) =>
        images.map((image) => (image as HTMLImageElement).currentSrc),
      );
      expect(preloaded.length).toBeGreaterThan(0);
      expect(shown.slice(0, 3).filter((src) => src.includes('/photos/'))).toHaveLength(preloaded.length);
      // The preloads chose the renditions the tiles show: no photo was fetched that no tile shows, or twice.
      expect(photos.filter((url) => !shown.includes(url))).toEqual([]);
      expect(new Set(photos).size).toBe(photos.length);
    } finally {
      await browser.close();
    }
  });
});
