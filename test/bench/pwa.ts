/**
 * Bench module: the installed app's offline copy of the directory (web/src/offline), in Debian's
 * Chromium at 375 x 800 against a local stack on BENCH_STACK_PORT with the SPA built into web/dist.
 * The church: 10,000 families in a full run (120 in the smoke run) from the shared generator
 * (church.ts), one in six with a photo whose small rendition exists (a photo-like 240 x 180 JPEG), and 20
 * groups (a third of the members in one, a ninth in two); a member signed in, as a phone would be.
 *
 *  - pwa.walk_<n>_ms: the walk that makes the copy, from sign-in to a whole copy. It runs behind
 *    the pages (nothing waits for it); its figure says how long a new phone needs the network.
 *  - pwa.store_<n>_kb: the copy's answers as the walk counts them (JSON: the families' views, the
 *    groups, the account and the dashboard). Budget: ANSWERS_BUDGET_BYTES (budgets.ts).
 *  - pwa.photos_<n>_kb: the photos' bytes the copy keeps. Budget: PHOTOS_BUDGET_BYTES.
 *  - pwa.offline_families_ms: /families opened with no network (a new navigation: the service
 *    worker's shell, the remembered config, the copy's first page) to the first family card in
 *    the document, median of BENCH_PWA_RUNS (default 5) after one that warms the worker.
 *  - pwa.offline_search_ms: a surname typed into the search offline, to its first result (a
 *    search reads every stored view: the slowest read offline).
 *  - pwa.first_load_sw_kb: the JavaScript of the first load (index.html's script and its
 *    modulepreloads) that registers the service worker: 0, since the registration comes with the
 *    page's own code after the first screen. Budget 0.
 *  - pwa.installability_errors: what Chromium's own installability check (DevTools'
 *    Page.getInstallabilityErrors, the check it runs before it fires beforeinstallprompt) finds
 *    against installing the app: budget 0. Headless Chromium never fires the prompt itself.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildWeb } from '../../web/buildWeb';
import { ANSWERS_BUDGET_BYTES, PHOTOS_BUDGET_BYTES } from '../../web/src/offline/budgets';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium';
import { requireChromium } from '../support/chromium-installed';
import { photoJpeg } from '../support/photos';
import { generateDirectory, generateGroups, seedDirectory, seedGroups } from './church';
import { kb, median, round2, type BenchModule, type Metric } from './metrics';
import { linkedAccount, registerChurch, withLocalStack, type BenchStack } from './stack';

// 21 groups: the generator's second group of a member is then never its first (church.ts).
const SIZES = { full: { families: 10_000, groups: 21 }, smoke: { families: 120, groups: 3 } } as const;
const SEED = 32;
const ADMIN = { email: 'pwa-admin@bench.example', password: 'bench-admin-1' };
const MEMBER = { email: 'pwa-member@bench.example', password: 'bench-member-1' };
const CARD = '.FamiliesPage_family-card';

/** The church, its photos' small renditions, and the member's account (linked to its first member). */
async function seedChurch(stack: BenchStack, families: number, groups: number): Promise<string> {
  const { PutObjectCommand } = await import('@aws-sdk/client-s3');
  const { s3 } = await import('../../lambdas/platform/aws/s3');
  const { renditionKey } = await import('../../lambdas/photos/photo-keys');
  const table = stack.config.tableName;
  const orgId = await registerChurch(stack.url, stack.pool, 'PWA Bench Church', ADMIN);
  const directory = generateDirectory(orgId, families, SEED);
  await seedDirectory(table, orgId, directory);
  await seedGroups(table, orgId, generateGroups(orgId, directory.members, groups));
  const small = photoJpeg(SEED, 240, 180, 80);
  const keys = directory.families
    .filter((f) => f.photo)
    .map((f) => (f.photoSize ? renditionKey(f.photo!, 'small') : f.photo!));
  for (let i = 0; i < keys.length; i += 16)
    await Promise.all(
      keys
        .slice(i, i + 16)
        .map((Key) =>
          s3.send(
            new PutObjectCommand({ Bucket: stack.config.photosBucket, Key, Body: small, ContentType: 'image/jpeg' }),
          ),
        ),
    );
  await linkedAccount(stack, orgId, directory.members[0]!, MEMBER);
  return directory.families.find((f) => f.surname)!.surname;
}

interface CopyMeta {
  asOf: number | null;
  bytes: number;
  photoBytes: number;
}

const readMeta = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<CopyMeta | null>((done) => {
        const opening = indexedDB.open('churchDirectory.offline');
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('meta')) return done(null);
          const read = db.transaction('meta').objectStore('meta').get('meta');
          read.onsuccess = () => {
            db.close();
            done((read.result as CopyMeta | undefined) ?? null);
          };
        };
      }),
  );

async function copyWhole(page: Page, timeoutMs: number): Promise<CopyMeta> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const meta = await readMeta(page);
    if (meta?.asOf) return meta;
    await page.waitForTimeout(200);
  }
  throw new Error('the offline copy was never whole');
}

/**
 * From a navigation's start, when the first element matching `selector` is in the document (ms).
 * A string, not a function: tsx compiles nested functions with a `__name` helper the page does not have.
 */
const seenAt = (page: Page, selector: string) =>
  page.evaluate(`new Promise((done, fail) => {
    const check = () => (document.querySelector(${JSON.stringify(selector)}) ? done(performance.now()) : requestAnimationFrame(check));
    check();
    setTimeout(() => fail(new Error(location.pathname + ' never showed ${selector}; it shows: ' + document.body.innerText.slice(0, 300))), 30000);
  })`) as Promise<number>;

/**
 * Until the service worker is active. Its install (the precache) runs beside the walk, which keeps
 * the local gateway busy; an install that lost a fetch there fails, and the browser tries again at
 * the next load, as a person's phone would at the next opening: so does this, twice at most.
 */
async function workerActive(page: Page, log: (message: string) => void) {
  const state = () =>
    page.evaluate(
      `navigator.serviceWorker.getRegistration().then((r) => (r && r.active ? r.active.state : r && (r.installing || r.waiting) ? 'installing' : 'none'))`,
    ) as Promise<string>;
  for (let load = 0; load < 3; load++) {
    for (let tries = 0; tries < 100; tries++) {
      if ((await state()) === 'activated') return;
      await page.waitForTimeout(200);
    }
    log(`service worker not active after 20 s (${await state()}): loading the page again`);
    await page.reload();
  }
  throw new Error('the service worker never became active');
}

/** The first load's JavaScript that registers the service worker (its gzip size, KB). */
async function firstLoadRegistrationKb(): Promise<number> {
  const dist = path.resolve('web/dist');
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const first = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const { gzipSync } = await import('node:zlib');
  let bytes = 0;
  for (const file of first) {
    const code = await readFile(path.join(dist, file));
    if (code.includes('serviceWorker.register') || code.includes('workbox')) bytes += gzipSync(code).length;
  }
  // Some chunk must register it, or the figure would be 0 for want of a worker.
  const chunks = await readdir(path.join(dist, 'assets'));
  const registers = await Promise.all(
    chunks
      .filter((c) => c.endsWith('.js'))
      .map(async (c) => (await readFile(path.join(dist, 'assets', c))).includes('serviceWorker')),
  );
  if (!registers.some(Boolean)) throw new Error('no chunk of web/dist registers the service worker');
  return kb(bytes);
}

export const pwa: BenchModule = {
  name: 'pwa',
  async run({ tmpDir, log, size }) {
    requireChromium();
    const sized = SIZES[size];
    const runs = size === 'smoke' ? 1 : Number(process.env.BENCH_PWA_RUNS ?? 5);
    await buildWeb();
    log('built the SPA into web/dist');
    const metrics: Metric[] = [
      { name: 'pwa.first_load_sw_kb', value: round2(await firstLoadRegistrationKb()), unit: 'KB', budget: 0 },
    ];
    return withLocalStack(tmpDir, async (stack) => {
      const surname = await seedChurch(stack, sized.families, sized.groups);
      log(`seeded ${sized.families} families and ${sized.groups} groups`);
      // A profile of its own: Chromium installs no app from an incognito context (a plain new context is one).
      const context = await chromium.launchPersistentContext(path.join(tmpDir, 'chromium-profile'), {
        executablePath: CHROMIUM,
        args: CHROMIUM_ARGS,
        viewport: { width: 375, height: 800 },
        serviceWorkers: 'allow',
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto(`${stack.url}/login`);
        await page.getByLabel('Email').fill(MEMBER.email);
        await page.getByLabel('Password', { exact: true }).fill(MEMBER.password);
        const signedIn = Date.now();
        await page.getByRole('button', { name: 'Login' }).click();
        await page.waitForURL('**/dashboard');
        const meta = await copyWhole(page, size === 'smoke' ? 60_000 : 30 * 60_000);
        const walkMs = Date.now() - signedIn;
        log(
          `walk: ${Math.round(walkMs)} ms, answers ${Math.round(kb(meta.bytes))} KB, photos ${Math.round(kb(meta.photoBytes))} KB`,
        );
        await workerActive(page, log);
        // Chromium's own installability check (what it runs before it offers to install: headless
        // Chromium never shows the prompt itself).
        const cdp = await context.newCDPSession(page);
        const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: { errorId: string }[];
        };
        if (installabilityErrors.length)
          log(`not installable: ${installabilityErrors.map((e) => e.errorId).join(', ')}`);

        log(`service worker ready; ${installabilityErrors.length} installability errors`);
        await context.setOffline(true);
        const times: number[] = [];
        for (let i = 0; i <= runs; i++) {
          await page.goto(`${stack.url}/families`, { waitUntil: 'commit' });
          const at = await seenAt(page, CARD);
          if (i > 0) times.push(at);
        }
        await page.getByText(/^Offline: showing the directory as of /).waitFor();
        const searchStart = Date.now();
        await page.getByLabel('Search families').fill(surname);
        await page
          .getByRole('link', { name: new RegExp(surname) })
          .first()
          .waitFor();
        const searchMs = Date.now() - searchStart;
        log(`offline /families: ${times.map(Math.round).join(', ')} ms; search "${surname}": ${searchMs} ms`);

        const n = sized.families;
        metrics.push(
          { name: `pwa.walk_${n}_ms`, value: Math.round(walkMs), unit: 'ms', budget: null },
          { name: `pwa.store_${n}_kb`, value: round2(kb(meta.bytes)), unit: 'KB', budget: kb(ANSWERS_BUDGET_BYTES) },
          {
            name: `pwa.photos_${n}_kb`,
            value: round2(kb(meta.photoBytes)),
            unit: 'KB',
            budget: kb(PHOTOS_BUDGET_BYTES),
          },
          { name: 'pwa.offline_families_ms', value: round2(median(times)), unit: 'ms', budget: null },
          { name: 'pwa.offline_search_ms', value: searchMs, unit: 'ms', budget: null },
          { name: 'pwa.installability_errors', value: installabilityErrors.length, unit: 'errors', budget: 0 },
        );
        return metrics;
      } finally {
        await context.close();
      }
    });
  },
};
