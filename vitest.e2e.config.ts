import { defineConfig } from 'vitest/config';
import { chromiumMissing } from './test/support/chromium-installed';

/**
 * Test workers inherit AWS_LAMBDA_MAX_CONCURRENCY from the process that runs the local stack
 * (lib/local/invocation.ts) but have no invocation store, and call handlers one at a time. Empty
 * means unset to Powertools: its state is plain module state again.
 */
const SINGLE_INVOCATION_ENV = { AWS_LAMBDA_MAX_CONCURRENCY: '' };

// Every file here drives Chromium: without it, one line with the command that installs it, and
// nothing started (no SPA build, no stack, no test failing on playwright's launch trace).
const missingChromium = chromiumMissing();
if (missingChromium) {
  console.error(missingChromium);
  process.exit(1);
}

/**
 * `npm run test:e2e`: the real app (local stack + built SPA) driven in Debian's Chromium, and the
 * bench modules that drive it at their smoke size.
 */
export default defineConfig({
  test: {
    // Two journeys at once, each against a stack of its own (test/support/stacks.ts: demo church,
    // one process per stack) and with a browser of its own. The browser benches set
    // fileParallelism: false, so vitest runs them alone after the journeys: they time what they wait for.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'e2e',
          env: SINGLE_INVOCATION_ENV,
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/support/global-setup.ts'],
          setupFiles: ['test/support/env.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The web and photos bench modules (test/bench-smoke/browser): each builds the SPA and starts
        // its own local stack, in the worker, on BENCH_STACK_PORT, apart from the journeys' (4600, 4610),
        // the tests' (4500) and `npm run bench`'s (4700). The gateway runs in the worker, and requests
        // overlap, as under `npm run bench` (lib/local/invocation.ts).
        test: {
          name: 'bench-browser',
          env: { BENCH_STACK_PORT: process.env.BENCH_BROWSER_SMOKE_PORT ?? '4900', AWS_LAMBDA_MAX_CONCURRENCY: '1000' },
          include: ['test/bench-smoke/browser/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
