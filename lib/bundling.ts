import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import { FONT_FILES } from '../lambdas/book/pdf/fonts';
import { HARFBUZZ_FILES } from '../lambdas/book/pdf/shipped';
import type { RouteDef, ShippedFiles } from '../lambdas/routes';
import { COMMON_PASSWORDS_FILE } from '../lambdas/contract/commonPasswords';
import type { ShippedFile } from '../lambdas/platform/shipped';
import type { TaskDef } from '../lambdas/tasks/manifest';

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
  alias: {
    // The Lambda's credentials are in its environment: the SDK's env provider, not the whole chain (see the file).
    '@aws-sdk/credential-provider-node': './lambdas/platform/aws/lambda-credentials.ts',
    // pdf-lib's 14 standard fonts, which the directory must never use (see the shim).
    '@pdf-lib/standard-fonts': './lambdas/platform/shims/pdf-standard-fonts.ts',
    // pdf-lib deflates with pako; Node's zlib does it natively (see the shim).
    pako: './lambdas/platform/shims/pako.ts',
  } as Record<string, string>,
  /** Some CommonJS dependencies call require(); ESM bundles need it defined. */
  banner: "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);",
};

/**
 * Files a handler reads at run time (RouteDef.files), relative to the project root and to the
 * bundle's directory: CDK copies them after esbuild (lib/api.ts), so the PDF's fonts (~65 MB of
 * TTF, each read only when a name needs it) and HarfBuzz's WebAssembly (1.1 MB) stay files next
 * to index.mjs instead of being inlined into the JavaScript; so does the common-password list (~480 KB
 * of JSON) of the routes that set a password.
 */
export function filesToShip(route: RouteDef | TaskDef): { from: string; to: string }[] {
  return (route.files ?? []).flatMap((kind) =>
    SHIPPED[kind].map((shipped) => ({ from: `node_modules/${shipped.pkg}/${shipped.path}`, to: shipped.file })),
  );
}

const SHIPPED: Record<ShippedFiles, readonly ShippedFile[]> = {
  pdfText: [...Object.values(FONT_FILES), ...Object.values(HARFBUZZ_FILES)],
  commonPasswords: [COMMON_PASSWORDS_FILE],
};

/**
 * Native modules (a compiled addon with its shared libraries) cannot be inlined by esbuild: they
 * stay imports, and CDK installs them beside the bundle (`nodeModules`) from the project's lock
 * file with npm, for the function's platform, not the machine that deploys: npm's os, cpu and libc
 * settings pick sharp's prebuilt binary for Lambda (Amazon Linux, glibc) on its architecture.
 */
export type NativeModule = 'sharp';

export function nativeInstallEnvironment(cpu: 'arm64' | 'x64'): Record<string, string> {
  return { npm_config_os: 'linux', npm_config_cpu: cpu, npm_config_libc: 'glibc' };
}

/** esbuild's options for one handler bundle, as CDK builds it (for the bench and the tests that build bundles themselves). */
export function lambdaBuildOptions(
  root: string,
  entry: string,
  outfile: string,
  nativeModules: readonly NativeModule[] = [],
): BuildOptions {
  return {
    ...LAMBDA_ESBUILD,
    mainFields: [...LAMBDA_ESBUILD.mainFields],
    external: [...LAMBDA_ESBUILD.external, ...nativeModules],
    banner: { js: LAMBDA_ESBUILD.banner },
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    logLevel: 'error',
  };
}

/** Copies a route's run-time files next to its bundle, as CDK's afterBundling hook does (lib/api.ts). */
export function copyFilesToShip(root: string, route: RouteDef | TaskDef, bundleDir: string): void {
  for (const { from, to } of filesToShip(route)) {
    mkdirSync(path.dirname(path.join(bundleDir, to)), { recursive: true });
    copyFileSync(path.join(root, from), path.join(bundleDir, to));
  }
}
