/**
 * A bench module's smoke run as the test suite makes it: the module's own code (test/bench) at
 * its `smoke` size, a tiny church for seconds, in a scratch folder of its own; a module that
 * starts a local stack starts it on BENCH_STACK_PORT, which the smoke projects set apart from
 * the tests' stacks and from `npm run bench` (vitest.config.ts, vitest.e2e.config.ts).
 *
 * What is checked is what `npm run bench` needs of a module: it runs to the end (with every
 * check it makes itself: the book SUCCEEDED, the church left as the load run found it...) and
 * returns metrics, each named once, each value and budget a finite number. A zero budget counts
 * wrong things (errors, glyphs drawn as .notdef, names not read back), so it holds at any size;
 * other budgets are for the full size and are not applied.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Metric } from '../bench/metrics';
import { runModule, selectModules } from '../bench/modules';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Log lines of a failed run shown with its error. */
const LOG_TAIL = 20;

/** Runs the named module at its smoke size; a failure says the module's error and the end of its log (its stack as the cause). */
export async function smokeRun(name: string): Promise<Metric[]> {
  const [mod] = selectModules([name]);
  const tmpDir = await mkdtemp(path.join(os.tmpdir(), `bench-smoke-${name}-`));
  const lines: string[] = [];
  try {
    return await runModule(mod!, { root, tmpDir, size: 'smoke', log: (line) => lines.push(line) });
  } catch (error) {
    const tail = lines.slice(-LOG_TAIL).map((l) => `    ${l}`);
    throw new Error(
      `bench module ${name} failed its smoke run: ${error instanceof Error ? error.message : String(error)}${tail.length ? `\n  its log:\n${tail.join('\n')}` : ''}`,
      { cause: error },
    );
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
}

/** What every module's metrics must be, at any size. */
export function expectWellFormed(metrics: readonly Metric[]) {
  expect(metrics.length).toBeGreaterThan(0);
  expect(new Set(metrics.map((m) => m.name)).size).toBe(metrics.length);
  for (const m of metrics) {
    expect(m.name, 'a dotted name without spaces').toMatch(/^\S+\.\S+$/);
    expect(Number.isFinite(m.value), `${m.name} = ${m.value}`).toBe(true);
    expect(m.unit, `${m.name}'s unit`).not.toBe('');
    expect(m.budget === null || Number.isFinite(m.budget), `${m.name}'s budget ${m.budget}`).toBe(true);
  }
  const wrong = metrics.filter((m) => m.budget === 0 && m.value !== 0);
  expect(wrong.map((m) => `${m.name} = ${m.value}`)).toEqual([]);
}
