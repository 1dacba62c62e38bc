import { fileURLToPath } from 'node:url';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { cssModules } from './web/cssModules';

/**
 * Test workers inherit AWS_LAMBDA_MAX_CONCURRENCY from the process that runs the local stack
 * (lib/local/invocation.ts) but have no invocation store, and call handlers one at a time. Empty
 * means unset to Powertools: its state is plain module state again.
 */
const SINGLE_INVOCATION_ENV = { AWS_LAMBDA_MAX_CONCURRENCY: '' };

/**
 * `npm test`: unit, web components, infra (CDK), integration (handlers against the local stand-ins)
 * and the bench modules' smoke runs.
 */
export default defineConfig({
  test: {
    // Two files at once even on 2 cores (vitest's default leaves one core to itself). Every project
    // runs in parallel with the others: vitest would run a project that sets fileParallelism: false
    // alone, after all the rest. The integration files share two stacks, one per file at a time
    // (test/support/stacks.ts), each stack in a process of its own.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          env: SINGLE_INVOCATION_ENV,
          include: ['test/unit/**/*.test.ts', 'test/architecture/*.test.ts'],
          environment: 'node',
          // Reading a book back with pdf.js takes seconds on a loaded 2-core machine: a limit, not a timing assertion.
          testTimeout: 30_000,
        },
      },
      {
        // Typing into forms with user-event is slow on a loaded 2-core machine: a limit, not a timing assertion.
        test: {
          name: 'web',
          env: SINGLE_INVOCATION_ENV,
          include: ['test/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/web/setup.ts'],
          testTimeout: 20_000,
          // The components' CSS modules give their class names as the build does (web/cssModules.ts),
          // which the tests may select by; plain stylesheets stay empty.
          css: { include: [/\.module\.css$/], modules: { classNameStrategy: 'scoped' } },
        },
        css: { modules: cssModules },
        esbuild: { jsx: 'automatic' },
        // virtual:pwa-register/react as the dev server has it: registers nothing (jsdom has no service worker).
        plugins: [VitePWA({ disable: true, pwaAssets: { disabled: true } })],
        // The SPA's alias for the server's contract (tsconfig.json's paths, web/vite.config.ts).
        resolve: { alias: { '@contract': fileURLToPath(new URL('lambdas/contract', import.meta.url)) } },
      },
      {
        test: {
          name: 'infra',
          env: SINGLE_INVOCATION_ENV,
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'integration',
          env: SINGLE_INVOCATION_ENV,
          include: ['test/integration/**/*.test.ts', 'test/security/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/env.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Every bench module but the browser ones at its smoke size (test/bench-smoke): each starts
        // its own local stack, in the worker, on BENCH_STACK_PORT, apart from the integration
        // stacks (4500, 4510) and from `npm run bench` (4700). One file, its modules one after another.
        // No SINGLE_INVOCATION_ENV: the gateway runs in the worker, and requests overlap, as under
        // `npm run bench` (lib/local/invocation.ts).
        test: {
          name: 'bench',
          env: { BENCH_STACK_PORT: process.env.BENCH_SMOKE_PORT ?? '4800', AWS_LAMBDA_MAX_CONCURRENCY: '1000' },
          include: ['test/bench-smoke/*.test.ts'],
          environment: 'node',
          // Seconds each on an idle machine; a loaded 2-core one takes many times that.
          testTimeout: 300_000,
        },
      },
    ],
  },
});
