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
 *  - photos.grid_revisit_kb: the grid opened again in the same browser once every link it was
 *    given has died (photo links live minutes, lambdas/photos/photo-links.ts; this stack's live
 *    LINK_SECONDS): what the photos bucket sent over the network, headers included. The app shows
 *    each photo by the link it loaded it by (web/src/lib/photoLinks.ts), so the cache answers.
 *    Budget: a tenth of the first screen's (a few KB of headers if anything is asked).
 *  - photos.grid_revisit_kb.without_memory: the same with the app's memory of links cleared: what
 *    links that change would cost without it (the whole first screen again).
 *
 * The first two are each a fresh browser context (empty cache) that opens the grid and waits until
 * the network is idle without scrolling: what the first screen loads, lazy images near it
 * included, counted as the bytes of each image answer from the photos bucket. The smoke run (size
 * `smoke`): 6 families.
 */
import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright-core';
import { buildWeb } from '../../web/buildWeb';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium';
import { requireChromium } from '../support/chromium-installed';
import { photoJpeg } from '../support/photos';
import { generateDirectory, seedDirectory } from './church';
import { gridDownload, gridOverTheWire, signedIn } from './grid-visits';
import { kb, round2, type BenchModule, type Metric } from './metrics';
import { registerChurch, withLocalStack } from './stack';

const FAMILIES = { full: 24, smoke: 6 } as const;
const DISTINCT_PHOTOS = 8;
const ADMIN = { email: 'photos-admin@bench.example', password: 'bench-admin-1' };
/** The photo links' lifetime on this stack: seconds, so the revisit waits for them to die, not minutes. */
const LINK_SECONDS = 20;

/** Where the app remembers the link each photo was loaded by (web/src/lib/photoLinks.ts). */
const LINK_MEMORY_PREFIX = 'churchDirectory.photoLink:';

export const photos: BenchModule = {
  name: 'photos',
  async run({ tmpDir, log, size }) {
    requireChromium();
    const families = FAMILIES[size];
    await buildWeb();
    log('built the SPA into web/dist');
    const pictures = Array.from({ length: Math.min(DISTINCT_PHOTOS, families) }, (_, i) => photoJpeg(300 + i));
    return withLocalStack(
      tmpDir,
      async (stack) => {
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
        const bucket = stack.config.photosBucket;
        try {
          const fresh = await signedIn(browser, stack.url, ADMIN);
          const before = await gridDownload(fresh.page, stack.url, bucket);
          await fresh.context.close();
          log(`originals: ${before.images} images, ${kb(before.bytes)} KB (${before.types.join(', ')})`);

          await startExecution(process.env.PHOTO_RENDITIONS_STATE_MACHINE_ARN!, `bench-${randomUUID()}`, {});
          await fetch(`${stack.url}/_local/settled`);
          log('the one-off job made the renditions');

          const { context, page } = await signedIn(browser, stack.url, ADMIN);
          try {
            const after = await gridDownload(page, stack.url, bucket);
            log(`renditions: ${after.images} images, ${kb(after.bytes)} KB (${after.types.join(', ')})`);

            // Every link the first visit was given is dead by then: the revisit is given new ones.
            await new Promise((resolve) => setTimeout(resolve, (LINK_SECONDS + 1) * 1000));
            const revisit = await gridOverTheWire(page, stack.url, bucket);
            log(
              `revisit after the links died: ${revisit.shown} photos shown, ${revisit.images} over the network, ${kb(revisit.bytes)} KB`,
            );
            await page.evaluate((prefix) => {
              for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
            }, LINK_MEMORY_PREFIX);
            const forgotten = await gridOverTheWire(page, stack.url, bucket);
            log(
              `revisit without the app's memory of links: ${forgotten.shown} photos shown, ${forgotten.images} over the network, ${kb(forgotten.bytes)} KB`,
            );
            const refused = revisit.refused + forgotten.refused;
            if (refused) throw new Error(`${refused} photo answers on the revisits were not 200`);

            const metrics: Metric[] = [
              { name: 'photos.grid_first_screen_kb.originals', value: kb(before.bytes), unit: 'KB', budget: null },
              {
                name: 'photos.grid_first_screen_kb',
                value: kb(after.bytes),
                unit: 'KB',
                budget: round2(kb(before.bytes) / 5),
              },
              { name: 'photos.grid_first_screen_images', value: after.images, unit: 'images', budget: null },
              {
                name: 'photos.grid_revisit_kb',
                value: kb(revisit.bytes),
                unit: 'KB',
                budget: round2(kb(after.bytes) / 10),
              },
              {
                name: 'photos.grid_revisit_kb.without_memory',
                value: kb(forgotten.bytes),
                unit: 'KB',
                budget: null,
              },
            ];
            return metrics;
          } finally {
            await context.close();
          }
        } finally {
          await browser.close();
        }
      },
      { photoLinkSeconds: LINK_SECONDS },
    );
  },
};
