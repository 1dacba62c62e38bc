/**
 * The bench modules that drive Debian's Chromium (web, photos), at their smoke size
 * (../smoke.ts), in the browser tests (`npm run test:e2e`, the `bench-browser` project of
 * vitest.e2e.config.ts), which need Chromium anyway. Each starts its own local stack on
 * BENCH_STACK_PORT, set apart by that project.
 */
import { describe, it } from 'vitest';
import { BROWSER_MODULES } from '../../bench/modules';
import { expectWellFormed, smokeRun } from '../smoke';

describe('browser bench modules at their smoke size', () => {
  for (const name of BROWSER_MODULES) {
    it(`${name} runs and returns its metrics`, async () => {
      expectWellFormed(await smokeRun(name));
    });
  }
});
