/**
 * Bench module: the image bytes the family grid (/families/grid) downloads for its first screen,
 * in Debian's Chromium at 1,280 x 900 (device scale 1), signed in as the church's admin, against a
 * local stack on BENCH_STACK_PORT with the SPA built into web/dist. The church: 24 families, each
 * with its own photo of 1200 x 900 as the browser's resize uploads it (eight distinct pictures,
 * test/support/photos.ts), stored as photos were before renditions.
 *
 *  - photos.grid_first_screen_kb.originals: the grid of those photos as stored (what the grid
 *    downloaded before renditions: each photo at upload size).
 *  - photos.grid_first_screen_kb: the same grid once the one-off job (lambdas/jobs/photoRenditions)
 *    has made their renditions, so the grid takes each photo's small rendition through srcset.
 *    Budget: a fifth of the originals' figure.
 *
 * Each is a fresh browser context (empty cache) that opens the grid and waits until the network is
 * idle without scrolling: what the first screen loads, lazy images near it included, counted as
 * the bytes of each image answer from the photos bucket. The smoke run (size `smoke`): 6 families.
 */
import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type Response } from 'playwright-core';
import { buildWeb } from '../../web/buildWeb';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium';
import { requireChromium } from '../support/chromium-installed';
import { photoJpeg } from '../support/photos';
import { generateDirectory, seedDirectory } from './church';
import { kb, round2, type BenchModule, type Metric } from './metrics';
import { registerChurch, withLocalStack } from './stack';

const FAMILIES = { full: 24, smoke: 6 } as const;
const DISTINCT_PHOTOS = 8;
const ADMIN = { email: 'photos-admin@bench.example', password: 'bench-admin-1' };
const VIEWPORT = { width: 1280, height: 900 };

interface Download {
  bytes: number;
  images: number;
  types: string[];
}

/** Opens the grid in a fresh context and adds up the photos it downloads. */
async function gridDownload(browser: Browser, url: string, photosBucket: string): Promise<Download> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    // The dashboard's own reads (and any photo it shows) done first: an answer still arriving when
    // the grid's navigation starts would be counted, and its body gone with the page it was for.
    await page.waitForLoadState('networkidle');
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
    await page.goto(`${url}/families/grid`, { waitUntil: 'networkidle' });
    await page.locator('.FamiliesPage_family-tile').first().waitFor();
    await page.waitForLoadState('networkidle');
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
  } finally {
    await context.close();
  }
}

export const photos: BenchModule = {
  name: 'photos',
  async run({ tmpDir, log, size }) {
    requireChromium();
    const families = FAMILIES[size];
    await buildWeb();
    log('built the SPA into web/dist');
    const pictures = Array.from({ length: Math.min(DISTINCT_PHOTOS, families) }, (_, i) => photoJpeg(300 + i));
    return withLocalStack(tmpDir, async (stack) => {
      const { PutObjectCommand } = await import('@aws-sdk/client-s3');
      const { s3 } = await import('../../lambdas/platform/aws/s3');
      const { startExecution } = await import('../../lambdas/platform/aws/sfn');
      const orgId = await registerChurch(stack.url, stack.pool, 'Photo Bench Church', ADMIN);
      const directory = generateDirectory(orgId, families, 20261124, { photoEvery: 1 });
      await seedDirectory(stack.config.tableName, orgId, directory);
      await Promise.all(
        directory.families.map((family, i) =>
          s3.send(
            new PutObjectCommand({
              Bucket: stack.config.photosBucket,
              Key: family.photo!,
              Body: pictures[i % pictures.length],
              ContentType: 'image/jpeg',
            }),
          ),
        ),
      );
      const meanKb = pictures.reduce((n, p) => n + p.length, 0) / pictures.length / 1024;
      log(
        `church of ${families} families, each with a photo of 1200x900 (mean ${meanKb.toFixed(0)} KB), no renditions`,
      );

      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      try {
        const before = await gridDownload(browser, stack.url, stack.config.photosBucket);
        log(`originals: ${before.images} images, ${kb(before.bytes)} KB (${before.types.join(', ')})`);

        await startExecution(process.env.PHOTO_RENDITIONS_STATE_MACHINE_ARN!, `bench-${randomUUID()}`, {});
        await fetch(`${stack.url}/_local/settled`);
        log('the one-off job made the renditions');

        const after = await gridDownload(browser, stack.url, stack.config.photosBucket);
        log(`renditions: ${after.images} images, ${kb(after.bytes)} KB (${after.types.join(', ')})`);
        const metrics: Metric[] = [
          { name: 'photos.grid_first_screen_kb.originals', value: kb(before.bytes), unit: 'KB', budget: null },
          {
            name: 'photos.grid_first_screen_kb',
            value: kb(after.bytes),
            unit: 'KB',
            budget: round2(kb(before.bytes) / 5),
          },
          { name: 'photos.grid_first_screen_images', value: after.images, unit: 'images', budget: null },
        ];
        return metrics;
      } finally {
        await browser.close();
      }
    });
  },
};
