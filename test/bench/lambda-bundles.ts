/**
 * Bundles every route's handler (lambdas/routes.ts) with exactly the esbuild options CDK deploys
 * with (lib/bundling.ts LAMBDA_ESBUILD), one self-contained .mjs file per route, as CDK does.
 */
import * as esbuild from 'esbuild';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { LAMBDA_ESBUILD } from '../../lib/bundling';
import { routes } from '../../lambdas/routes';

export interface HandlerBundle {
  readonly operation: string;
  /** Absolute path of the bundled module. */
  readonly file: string;
  /** Size of the minified bundle on disk. */
  readonly bytes: number;
}

export async function bundleHandlers(root: string, outdir: string): Promise<HandlerBundle[]> {
  return Promise.all(
    routes.map(async (route): Promise<HandlerBundle> => {
      const entry = path.join(root, 'lambdas', 'http', `${route.entry}.ts`);
      // CDK writes <asset>/index.mjs for ESM; one directory per operation keeps that shape.
      const file = path.join(outdir, route.operation, 'index.mjs');
      await esbuild.build({
        ...LAMBDA_ESBUILD,
        mainFields: [...LAMBDA_ESBUILD.mainFields],
        external: [...LAMBDA_ESBUILD.external],
        banner: { js: LAMBDA_ESBUILD.banner },
        absWorkingDir: root,
        entryPoints: [entry],
        outfile: file,
        logLevel: 'error',
      });
      return { operation: route.operation, file, bytes: (await stat(file)).size };
    }),
  );
}
