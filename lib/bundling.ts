/**
 * esbuild options for every Lambda bundle: used by the CDK NodejsFunctions (lib/api.ts) and by
 * the bench (test/bench), so the size measured is the size deployed.
 */
/**
 * Lambda runs the newest Node LTS (nodejs20.x is deprecated on Lambda since 2026-04-30); the
 * bundles target node20 syntax so the very same code also runs on the Node 20 of the local stack.
 */
export const LAMBDA_RUNTIME = 'nodejs24.x';

export const LAMBDA_ESBUILD = {
  bundle: true,
  minify: true,
  format: 'esm' as const,
  platform: 'node' as const,
  target: 'node20',
  mainFields: ['module', 'main'],
  sourcemap: false,
  /** The SDK is bundled (tree-shaken) rather than taken from the runtime: pinned versions, smaller cold start. */
  external: [] as string[],
  /** Paths are resolved from the project root (where CDK and the bench run esbuild). */
  alias: { '@aws-sdk/credential-provider-node': './lambdas/platform/lambda-credentials.ts' } as Record<string, string>,
  /** Some CommonJS dependencies call require(); ESM bundles need it defined. */
  banner: "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);",
};
