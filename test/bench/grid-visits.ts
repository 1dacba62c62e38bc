/**
 * The photos bench's visits to the family grid (/families/grid) in Chromium, signed in as the
 * church's admin: what the first screen's photos cost, in a fresh browser and again in one that
 * has shown them before.
 */
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';

const VIEWPORT = { width: 1280, height: 900 };

export interface Download {
  bytes: number;
  images: number;
  types: string[];
}

/** A fresh context (empty cache) signed in, its dashboard's reads done. */
export async function signedIn(
  browser: Browser,
  url: string,
  admin: { email: string; password: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
  // The dashboard's own reads (and any photo it shows) done first: an answer still arriving when
  // the grid's navigation starts would be counted, and its body gone with the page it was for.
  await page.waitForLoadState('networkidle');
  return { context, page };
}

/** Opens the grid and waits until its first screen (lazy images near it included) has loaded. */
async function openGrid(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/families/grid`, { waitUntil: 'networkidle' });
  await page.locator('.FamiliesPage_family-tile').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** The grid opened: the bytes of each image answer from the photos bucket (in a fresh context, all of them come over the network). */
export async function gridDownload(page: Page, url: string, photosBucket: string): Promise<Download> {
  // Each answer's body read as it comes, its failure kept (never left to reject unheard, which
  // would end the process) and reported once the grid is done.
  const answers: Promise<{ bytes: number; type: string } | { error: string }>[] = [];
  const onResponse = (response: Response) => {
    if (!new URL(response.url()).pathname.startsWith(`/${photosBucket}/`)) return;
    // A redirect or a 304 (an image asked again, answered from the cache) carries no image:
    // playwright has no body for it, and what it leads to is counted where it lands.
    if (response.status() >= 300 && response.status() < 400) return;
    answers.push(
      response.body().then(
        (body) => ({ bytes: body.length, type: response.headers()['content-type'] ?? '?' }),
        (error: unknown) => ({ error: `${response.status()} ${response.url()}: ${String(error)}` }),
      ),
    );
  };
  page.on('response', onResponse);
  await openGrid(page, url);
  page.off('response', onResponse);
  const settled = await Promise.all(answers);
  const failed = settled.flatMap((a) => ('error' in a ? [a.error] : []));
  if (failed.length) throw new Error(`photo answers without a body: ${failed.join('; ')}`);
  const got = settled.flatMap((a) => ('error' in a ? [] : [a]));
  return {
    bytes: got.reduce((n, a) => n + a.bytes, 0),
    images: got.length,
    types: [...new Set(got.map((a) => a.type))],
  };
}

export interface WireDownload {
  /** What the photos bucket sent over the network, headers included: nothing for an image the cache answered. */
  bytes: number;
  /** Images the bucket answered over the network. */
  images: number;
  /** Answers from the bucket that were not 200 (a dead link would be 403). */
  refused: number;
  /** Photos from the bucket the page shows, loaded (from the cache or not). */
  shown: number;
}

/**
 * The grid opened again in a context that has shown it: what came over the network from the
 * photos bucket (Chromium's own count, per request: an image its cache answered counts nothing,
 * which playwright's answers do not tell apart).
 */
export async function gridOverTheWire(page: Page, url: string, photosBucket: string): Promise<WireDownload> {
  const cdp = await page.context().newCDPSession(page);
  const toBucket = new Set<string>();
  const status = new Map<string, number>();
  let bytes = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (new URL(e.request.url).pathname.startsWith(`/${photosBucket}/`)) toBucket.add(e.requestId);
  });
  cdp.on('Network.responseReceived', (e) => {
    if (toBucket.has(e.requestId)) status.set(e.requestId, e.response.status);
  });
  const overTheWire = new Set<string>();
  cdp.on('Network.loadingFinished', (e) => {
    if (!toBucket.has(e.requestId) || e.encodedDataLength <= 0) return;
    bytes += e.encodedDataLength;
    overTheWire.add(e.requestId);
  });
  await cdp.send('Network.enable');
  try {
    await openGrid(page, url);
  } finally {
    await cdp.detach();
  }
  const refused = [...status.values()].filter((s) => s !== 200).length;
  const images = [...overTheWire].filter((id) => status.get(id) === 200).length;
  const shown = await page.$$eval(
    'img',
    (imgs, path) => imgs.filter((img) => img.complete && img.naturalWidth > 0 && img.currentSrc.includes(path)).length,
    `/${photosBucket}/`,
  );
  return { bytes, images, refused, shown };
}
