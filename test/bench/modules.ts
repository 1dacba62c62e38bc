/**
 * The registry of bench modules and the one way to run one, shared by `npm run bench`
 * (test/bench/run.ts) and the smoke runs of the test suite (test/bench-smoke/).
 *
 * To add a measurement: write test/bench/<name>.ts exporting a BenchModule (see metrics.ts),
 * sized by its context's `size` (a `smoke` run takes seconds), and add it to MODULES below.
 */
import { changes } from './changes';
import { cost } from './cost';
import { directory } from './directory';
import { jobs } from './jobs';
import { lambdas } from './lambdas';
import { map } from './map';
import { load } from './load';
import type { BenchContext, BenchModule, Metric } from './metrics';
import { pdf } from './pdf';
import { photos } from './photos';
import { privacy } from './privacy';
import { pwa } from './pwa';
import { spa } from './spa';
import { studies } from './studies';
import { transfer } from './transfer';
import { web } from './web';

/** Every bench module, in run order. */
export const MODULES: readonly BenchModule[] = [
  lambdas,
  spa,
  web,
  photos,
  pwa,
  directory,
  privacy,
  changes,
  map,
  studies,
  pdf,
  jobs,
  transfer,
  load,
  cost,
];

/** The modules that drive Debian's Chromium: their smoke runs are in the browser tests (`npm run test:e2e`). */
export const BROWSER_MODULES: readonly string[] = [web.name, photos.name, pwa.name];

/** The named modules, in run order (all of them when none is named). */
export function selectModules(names: readonly string[]): readonly BenchModule[] {
  if (names.length === 0) return MODULES;
  const unknown = names.filter((n) => !MODULES.some((m) => m.name === n));
  if (unknown.length) {
    throw new Error(`unknown bench module(s) ${unknown.join(', ')}; known: ${MODULES.map((m) => m.name).join(', ')}`);
  }
  return MODULES.filter((m) => names.includes(m.name));
}

/**
 * Runs one module and checks what it returns: at least one metric, each name once, each value
 * (and budget) a finite number. Whatever else a module checks (a book that ends SUCCEEDED, a
 * church left as the load run found it...) it checks itself, and throws.
 */
export async function runModule(mod: BenchModule, ctx: BenchContext): Promise<Metric[]> {
  const produced = await mod.run(ctx);
  if (produced.length === 0) throw new Error(`${mod.name} returned no metrics`);
  const names = new Set<string>();
  for (const m of produced) {
    if (!Number.isFinite(m.value)) throw new Error(`metric ${m.name} is ${m.value}`);
    if (m.budget !== null && !Number.isFinite(m.budget)) throw new Error(`metric ${m.name}'s budget is ${m.budget}`);
    if (names.has(m.name)) throw new Error(`metric ${m.name} is produced twice`);
    names.add(m.name);
  }
  return produced;
}

/** A missing tool (Chromium...) says so in one line, with the command that installs it; anything else with its stack. */
export function describeFailure(error: unknown): string {
  if (error instanceof Error)
    return error.name === 'MissingPrerequisite' ? error.message : (error.stack ?? error.message);
  return String(error);
}
