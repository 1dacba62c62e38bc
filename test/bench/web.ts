/**
 * Bench module: the SPA as a signed-in administrator sees it, in Debian's Chromium (driven by
 * playwright-core, the same browser and flags as the browser journeys), against a local stack on
 * BENCH_STACK_PORT with the demo church (lib/local/demo.ts) and the SPA freshly built into
 * web/dist (the folder the local gateway serves, as `npm start` and the browser tests build it).
 *
 * Time to content, for /dashboard and /families, median of BENCH_WEB_RUNS (default 5) navigations
 * after a first one that warms the HTTP cache (hashed assets are immutable, so they then come
 * from the cache and what is left is the app's own start, the session, the page chunk and the
 * API call):
 *  - web.ttc_ms.<page>: navigation start to the frame that first shows the page's content (the
 *    first stat card, the first family card); a MutationObserver notes the element's insertion
 *    and the next animation frame is the one that paints it.
 *  - web.api_ms.<page>: the page's API call, start to end of its answer (Resource Timing).
 *  - web.api_start_after_chunk_ms.<page>: the API call's start minus the end of the page's own
 *    chunk (negative: the call started first, as the route loader intends). Goal <= 50 ms.
 *  - web.content_after_api_ms.<page>: content minus the end of the API answer. Goal <= 100 ms.
 *
 * Lighthouse 12 (13 needs Node 22), its default mobile profile (simulated slow 4G and 4x CPU
 * slowdown, cold cache), for /families, /dashboard, /groups and /families/grid, connected to the
 * same Chromium through its remote-debugging port. The browser runs one persistent profile, so
 * the tab Lighthouse opens shares the session the sign-in left in localStorage (Lighthouse clears
 * caches and service workers, never localStorage). Median of BENCH_LIGHTHOUSE_RUNS (default 1):
 *  - web.lighthouse.<page>.performance (0-100, goal >= 95), .best_practices (0-100, goal 100), .cls (goal < 0.05), .lcp_ms,
 *    .unused_css_kib (the unused-css-rules audit, goal < 50), .unused_js_kib (unused-javascript).
 *
 * Every figure is recorded without a budget: they depend on the machine and its load; the log
 * says which goals are missed. The smoke run (size `smoke`): one timed navigation per page and
 * Lighthouse on /families alone.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { DEMO_ACCOUNTS, seedDemo } from '../../lib/local/demo';
import { buildWeb } from '../../web/buildWeb';
import { median, round2, type Metric } from './metrics';
import type { BenchModule, BenchSize } from './metrics';
import { withLocalStack } from './stack';
import { CHROMIUM, CHROMIUM_ARGS as ARGS } from '../support/chromium';
import { requireChromium } from '../support/chromium-installed';

interface WebSize {
  /** Timed navigations per page (after the one that warms the cache). */
  runs: number;
  lighthouseRuns: number;
  /** The Lighthouse pages measured (by name); null: all of them. */
  lighthousePages: readonly string[] | null;
}

function webSize(size: BenchSize): WebSize {
  if (size === 'smoke') return { runs: 1, lighthouseRuns: 1, lighthousePages: ['families'] };
  return {
    runs: Number(process.env.BENCH_WEB_RUNS ?? 5),
    lighthouseRuns: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1),
    // BENCH_LIGHTHOUSE_PAGES=families,families_grid measures only those (while working on one page).
    lighthousePages: process.env.BENCH_LIGHTHOUSE_PAGES?.split(',') ?? null,
  };
}

/** The pages timed: the element whose first frame counts as content, the API call, the chunk. */
const TIMED = [
  {
    name: 'dashboard',
    path: '/dashboard',
    content: '.DashboardPage_stat-card',
    api: '/api/dashboard',
    chunk: 'DashboardPage',
  },
  {
    name: 'families',
    path: '/families',
    content: '.FamiliesPage_family-card',
    api: '/api/families',
    chunk: 'FamiliesPage',
  },
] as const;

const LIGHTHOUSE_PAGES = [
  { name: 'families', path: '/families' },
  { name: 'dashboard', path: '/dashboard' },
  { name: 'groups', path: '/groups' },
  { name: 'families_grid', path: '/families/grid' },
] as const;

const GOALS = {
  apiStartAfterChunkMs: 50,
  contentAfterApiMs: 100,
  performance: 95,
  cls: 0.05,
  unusedCssKib: 50,
};

interface Timing {
  ttc: number;
  apiMs: number;
  apiStartAfterChunk: number;
  contentAfterApi: number;
}

/** A free TCP port for Chromium's remote debugging (asked of the OS, so beside anything else). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Notes, for each selector, the first animation frame after an element matching it is in the
 * document. Runs in the page before its own scripts, on every navigation. A string, not a
 * function: tsx compiles functions with a `__name` helper the page does not have.
 */
const watchContent = (selectors: readonly string[]) => `(() => {
  const selectors = ${JSON.stringify(selectors)};
  const seen = {};
  window.__benchSeen = seen;
  new MutationObserver(() => {
    for (const selector of selectors) {
      if (selector in seen || !document.querySelector(selector)) continue;
      seen[selector] = -1;
      requestAnimationFrame(() => { seen[selector] = performance.now(); });
    }
  }).observe(document, { childList: true, subtree: true });
})();`;

async function signIn(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
}

async function timeOnce(page: Page, url: string, target: (typeof TIMED)[number]): Promise<Timing> {
  await page.goto(`${url}${target.path}`, { waitUntil: 'commit' });
  await page
    .waitForFunction(
      (selector) => ((window as unknown as { __benchSeen?: Record<string, number> }).__benchSeen?.[selector] ?? 0) > 0,
      target.content,
      { timeout: 30_000 },
    )
    .catch(async (error: unknown) => {
      // Say what the page shows instead (an error message, the sign-in page...).
      const shown = await page.evaluate(() => `${location.pathname}: ${document.body.innerText.slice(0, 300)}`);
      throw new Error(`${target.content} never showed on ${target.path} (${String(error)}); the page shows ${shown}`);
    });
  const measured = await page.evaluate(
    ({ selector, api, chunk }) => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const call = resources.find((r) => new URL(r.name).pathname === api);
      const code = resources.find((r) => new RegExp(`/assets/${chunk}-[^/]+\\.js$`).test(new URL(r.name).pathname));
      return {
        content: (window as unknown as { __benchSeen: Record<string, number> }).__benchSeen[selector]!,
        call: call && { start: call.startTime, end: call.responseEnd },
        chunkEnd: code?.responseEnd,
      };
    },
    { selector: target.content, api: target.api, chunk: target.chunk },
  );
  if (!measured.call) throw new Error(`${target.path}: no ${target.api} call in Resource Timing`);
  if (measured.chunkEnd === undefined) throw new Error(`${target.path}: no ${target.chunk} chunk in Resource Timing`);
  return {
    ttc: measured.content,
    apiMs: measured.call.end - measured.call.start,
    apiStartAfterChunk: measured.call.start - measured.chunkEnd,
    contentAfterApi: measured.content - measured.call.end,
  };
}

async function timePages(page: Page, url: string, count: number, log: (m: string) => void): Promise<Metric[]> {
  await page.addInitScript(watchContent(TIMED.map((t) => t.content)));
  const metrics: Metric[] = [];
  for (const target of TIMED) {
    await timeOnce(page, url, target); // warms the HTTP cache (and the handlers)
    const runs: Timing[] = [];
    for (let i = 0; i < count; i++) runs.push(await timeOnce(page, url, target));
    const m = (pick: (t: Timing) => number) => round2(median(runs.map(pick)));
    const figures = {
      ttc: m((t) => t.ttc),
      api: m((t) => t.apiMs),
      afterChunk: m((t) => t.apiStartAfterChunk),
      afterApi: m((t) => t.contentAfterApi),
    };
    log(
      `${target.path}: content at ${figures.ttc} ms (runs ${runs.map((r) => Math.round(r.ttc)).join(', ')}), ` +
        `API ${figures.api} ms starting ${figures.afterChunk} ms after the chunk, content ${figures.afterApi} ms after the answer`,
    );
    if (figures.afterChunk > GOALS.apiStartAfterChunkMs)
      log(`  goal missed: the API call starts more than ${GOALS.apiStartAfterChunkMs} ms after the page chunk`);
    if (figures.afterApi > GOALS.contentAfterApiMs)
      log(`  goal missed: content comes more than ${GOALS.contentAfterApiMs} ms after the API answer`);
    metrics.push(
      { name: `web.ttc_ms.${target.name}`, value: figures.ttc, unit: 'ms', budget: null },
      { name: `web.api_ms.${target.name}`, value: figures.api, unit: 'ms', budget: null },
      { name: `web.api_start_after_chunk_ms.${target.name}`, value: figures.afterChunk, unit: 'ms', budget: null },
      { name: `web.content_after_api_ms.${target.name}`, value: figures.afterApi, unit: 'ms', budget: null },
    );
  }
  return metrics;
}

interface LighthouseFigures {
  performance: number;
  cls: number;
  lcp: number;
  /** What the page's largest paint was (an element's markup), and the main thread's blocking time. */
  lcpElement: string;
  tbt: number;
  unusedCss: number;
  unusedJs: number;
  shifts: string[];
  bestPractices: number;
  /** The best-practice audits that failed (the ids Lighthouse names them by). */
  failedPractices: string[];
}

async function lighthouseOnce(url: string, port: number): Promise<LighthouseFigures> {
  const { default: lighthouse } = await import('lighthouse');
  // No config: Lighthouse's default is the mobile profile with simulated throttling.
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // LIGHTHOUSE_REPORTS=<dir> keeps each whole report, to read where a page's time goes.
  if (process.env.LIGHTHOUSE_REPORTS) {
    const file = path.join(
      process.env.LIGHTHOUSE_REPORTS,
      `${new URL(url).pathname.slice(1).replace(/\//g, '_')}.json`,
    );
    await mkdir(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
    await writeFile(file, JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // Signed out, the guard would have sent Lighthouse to /login: the figures would be the wrong page's.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}`);
  const savings = (id: string) => {
    const details = lhr.audits[id]?.details as { overallSavingsBytes?: number } | undefined;
    return (details?.overallSavingsBytes ?? 0) / 1024;
  };
  const shiftItems =
    (lhr.audits['layout-shifts']?.details as { items?: { node?: { snippet?: string }; score?: number }[] } | undefined)
      ?.items ?? [];
  const lcpItems =
    (
      lhr.audits['largest-contentful-paint-element']?.details as
        { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
    )?.items ?? [];
  return {
    performance: (lhr.categories.performance?.score ?? 0) * 100,
    bestPractices: (lhr.categories['best-practices']?.score ?? 0) * 100,
    failedPractices: Object.values(lhr.audits)
      .filter((a) => a.score === 0 && lhr.categories['best-practices']?.auditRefs.some((r) => r.id === a.id))
      .map((a) => a.id),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    lcpElement: lcpItems[0]?.items?.[0]?.node?.snippet ?? '?',
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    unusedCss: savings('unused-css-rules'),
    unusedJs: savings('unused-javascript'),
    shifts: shiftItems.map((i) => `${(i.score ?? 0).toFixed(3)} ${i.node?.snippet ?? '?'}`),
  };
}

async function lighthousePages(url: string, port: number, sized: WebSize, log: (m: string) => void): Promise<Metric[]> {
  const metrics: Metric[] = [];
  const only = sized.lighthousePages;
  for (const target of LIGHTHOUSE_PAGES.filter(({ name }) => !only || only.includes(name))) {
    const runs: LighthouseFigures[] = [];
    for (let i = 0; i < sized.lighthouseRuns; i++) runs.push(await lighthouseOnce(`${url}${target.path}`, port));
    const m = (pick: (f: LighthouseFigures) => number) => median(runs.map(pick));
    const figures = {
      performance: Math.round(m((f) => f.performance)),
      bestPractices: Math.round(m((f) => f.bestPractices)),
      cls: Math.round(m((f) => f.cls) * 1000) / 1000,
      lcp: Math.round(m((f) => f.lcp)),
      unusedCss: round2(m((f) => f.unusedCss)),
      unusedJs: round2(m((f) => f.unusedJs)),
    };
    log(
      `Lighthouse ${target.path}: performance ${figures.performance} (runs ${runs.map((r) => Math.round(r.performance)).join(', ')}), ` +
        `CLS ${figures.cls}, LCP ${figures.lcp} ms, unused CSS ${figures.unusedCss} KiB, unused JS ${figures.unusedJs} KiB`,
    );
    for (const shift of runs[0]!.shifts) log(`  layout shift ${shift}`);
    log(`  LCP element ${runs[0]!.lcpElement.slice(0, 160)}; total blocking time ${Math.round(runs[0]!.tbt)} ms`);
    if (figures.performance < GOALS.performance) log(`  goal missed: performance under ${GOALS.performance}`);
    if (figures.bestPractices < 100)
      log(`  goal missed: best practices ${figures.bestPractices}: ${runs[0]!.failedPractices.join(', ')}`);
    if (figures.cls >= GOALS.cls) log(`  goal missed: CLS not under ${GOALS.cls}`);
    if (figures.unusedCss >= GOALS.unusedCssKib) log(`  goal missed: unused CSS not under ${GOALS.unusedCssKib} KiB`);
    const name = `web.lighthouse.${target.name}`;
    metrics.push(
      { name: `${name}.performance`, value: figures.performance, unit: 'score', budget: null },
      { name: `${name}.best_practices`, value: figures.bestPractices, unit: 'score', budget: null },
      { name: `${name}.cls`, value: figures.cls, unit: 'CLS', budget: null },
      { name: `${name}.lcp_ms`, value: figures.lcp, unit: 'ms', budget: null },
      { name: `${name}.unused_css_kib`, value: figures.unusedCss, unit: 'KiB', budget: null },
      { name: `${name}.unused_js_kib`, value: figures.unusedJs, unit: 'KiB', budget: null },
    );
  }
  return metrics;
}

export const web: BenchModule = {
  name: 'web',
  async run({ tmpDir, log, size }) {
    requireChromium();
    const sized = webSize(size);
    await buildWeb();
    log('built the SPA into web/dist');
    return withLocalStack(tmpDir, async (stack) => {
      await seedDemo(stack.config);
      log(`demo church seeded; stack at ${stack.url}`);
      const port = await freePort();
      const profile = path.join(tmpDir, 'chromium-profile');
      await mkdir(profile, { recursive: true });
      // One persistent profile: its default browser context is where Lighthouse opens its tab.
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        args: [...ARGS, `--remote-debugging-port=${port}`],
        viewport: { width: 1280, height: 900 },
      });
      try {
        // The tab the browser opened: a second one stays in the background in headless Chromium,
        // where animation frames (and so the content timing) never come.
        const page = context.pages()[0] ?? (await context.newPage());
        await signIn(page, stack.url);
        log('signed in as the demo administrator');
        const metrics = await timePages(page, stack.url, sized.runs, log);
        metrics.push(...(await lighthousePages(stack.url, port, sized, log)));
        return metrics;
      } finally {
        await context.close();
      }
    });
  },
};
