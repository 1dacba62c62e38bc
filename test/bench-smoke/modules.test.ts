/**
 * Every bench module but the browser ones, at its smoke size (smoke.ts), so a module a product
 * change broke fails `npm test` instead of the next `npm run bench`. The modules run one after
 * another in this file: their handlers run in this worker, and each module's stack takes the same
 * ports (BENCH_STACK_PORT, set by the `bench` project of vitest.config.ts). The browser modules
 * (web, photos) run in the browser tests: test/bench-smoke/browser/.
 */
import { describe, it } from 'vitest';
import { BROWSER_MODULES, MODULES } from '../bench/modules';
import { expectWellFormed, smokeRun } from './smoke';

describe('bench modules at their smoke size', () => {
  for (const mod of MODULES.filter((m) => !BROWSER_MODULES.includes(m.name))) {
    it(`${mod.name} runs and returns its metrics`, async () => {
      expectWellFormed(await smokeRun(mod.name));
    });
  }
});
