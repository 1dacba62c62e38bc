import { defineConfig } from 'vitest/config';
import { SINGLE_INVOCATION_ENV } from './lib/local/invocation-env';

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
