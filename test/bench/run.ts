/**
 * `npm run bench`: runs every registered bench module, prints a table, merges the metrics into
 * docs/bench-results.json, writes docs/performance.md's figures from it and exits 1 when any metric is over its budget (or a module failed).
 *
 *   npm run bench                 all modules
 *   npm run bench -- lambdas spa  only the named modules
 *   npm run bench -- directory    the directory reads on a generated 1,000-family church (local stack, ports 4700-4703)
 *   npm run bench -- privacy      what the visibility rule costs the family list and the dashboard (1,000 families, local stack)
 *   npm run bench -- pdf          the PDF directory of a 1,000-family church with 1,000 photos (local stack, ports 4700-4703)
 *   npm run bench -- jobs         the integrity report and org deletion on a 20,000-item church (local stack, ports 4700-4703)
 *   npm run bench -- web          time to content and Lighthouse (mobile) of the SPA's pages in Chromium, demo church (local stack, ports 4700-4703)
 *   npm run bench -- photos       image bytes of the family grid's first screen at 1,280 px in Chromium, before and after renditions (local stack)
 *   npm run bench -- load         50 signed-in users for 60 s (BENCH_LOAD_SECONDS) on a 200-family church: errors, p50/p99 (local stack, ports 4700-4703)
 *   npm run bench -- --smoke      every module (or the named ones) at a tiny size, as the test suite runs them
 *                                 (test/bench-smoke): seconds a module; budgets not applied, nothing merged
 *
 * The local stacks' base port is BENCH_STACK_PORT (default 4700), to run beside another stack.
 *
 * web and photos need Debian's Chromium (`apt-get install -y chromium`); without it they fail
 * with a line that says so and the other modules run.
 *
 * To add a measurement: write test/bench/<name>.ts exporting a BenchModule (see metrics.ts)
 * and add it to MODULES (modules.ts). Each module gets its own scratch directory, removed afterwards.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchSize, Metric } from './metrics';
import { describeFailure, runModule, selectModules } from './modules';
import { formatTable, isOver } from './report';
import { writePerformanceDoc, PERFORMANCE_DOC } from './performance-doc';
import { mergeResults, RESULTS_FILE, runInfo } from './results';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const log = (message: string) => process.stderr.write(`bench: ${message}\n`);

const scratch = new Set<string>();
async function cleanUp() {
  await Promise.all([...scratch].map((dir) => rm(dir, { recursive: true, force: true })));
  scratch.clear();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const size: BenchSize = args.includes('--smoke') ? 'smoke' : 'full';
  const selected = selectModules(args.filter((a) => a !== '--smoke'));
  const metrics: (Metric & { module: string })[] = [];
  const run = runInfo(args);
  const failures: string[] = [];
  const started = performance.now();

  for (const mod of selected) {
    const tmpDir = await mkdtemp(path.join(os.tmpdir(), `bench-${mod.name}-`));
    scratch.add(tmpDir);
    const t0 = performance.now();
    try {
      const produced = await runModule(mod, { root, tmpDir, size, log: (m) => log(`[${mod.name}] ${m}`) });
      for (const m of produced) {
        if (metrics.some((x) => x.name === m.name)) throw new Error(`metric ${m.name} is produced twice`);
      }
      metrics.push(...produced.map((m) => ({ ...m, module: mod.name })));
      log(`[${mod.name}] done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    } catch (error) {
      failures.push(mod.name);
      log(`[${mod.name}] FAILED: ${describeFailure(error)}`);
    } finally {
      await rm(tmpDir, { recursive: true, force: true });
      scratch.delete(tmpDir);
    }
  }

  // A smoke run's figures are of tiny churches: never results, never held to the budgets.
  if (metrics.length && size === 'full') await writePerformanceDoc(root, await mergeResults(root, metrics, run));

  console.log(formatTable(size === 'full' ? metrics : metrics.map((m) => ({ ...m, budget: null }))));
  console.log(
    `\n${metrics.length} metrics from ${selected.length - failures.length}/${selected.length} modules in ${((performance.now() - started) / 1000).toFixed(1)} s; ${size === 'smoke' ? 'smoke run: not merged' : metrics.length ? `merged into ${RESULTS_FILE} and ${PERFORMANCE_DOC}` : 'nothing merged'}`,
  );

  const over = size === 'full' ? metrics.filter(isOver) : [];
  if (over.length) console.error(`over budget: ${over.map((m) => m.name).join(', ')}`);
  if (failures.length) console.error(`failed modules: ${failures.join(', ')}`);
  return over.length || failures.length ? 1 : 0;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch(async (error: unknown) => {
    await cleanUp();
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
