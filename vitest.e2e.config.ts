import { defineConfig } from 'vitest/config';

/**
 * Test workers inherit AWS_LAMBDA_MAX_CONCURRENCY from the process that runs the local stack
 * (lib/local/invocation.ts) but have no invocation store, and call handlers one at a time. Empty
 * means unset to Powertools: its state is plain module state again.
 */
const SINGLE_INVOCATION_ENV = { AWS_LAMBDA_MAX_CONCURRENCY: '' };

/** `npm run test:e2e`: the real app (local stack + built SPA) driven in Debian's Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    env: SINGLE_INVOCATION_ENV,
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/support/global-setup.ts'],
    setupFiles: ['test/support/env.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
