/**
 * Bundles every route's handler (lambdas/routes.ts) and every job task (lambdas/jobs/manifest.ts) with exactly the esbuild options CDK deploys
 * with (lib/bundling.ts LAMBDA_ESBUILD), one self-contained .mjs file per route, as CDK does.
 */
import * as esbuild from 'esbuild';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { lambdaBuildOptions } from '../../lib/bundling';
import { routes } from '../../lambdas/routes';
import { jobs, type TaskDef } from '../../lambdas/jobs/manifest';

export interface HandlerBundle {
  readonly operation: string;
  /** Absolute path of the bundled module. */
  readonly file: string;
  /** Size of the minified bundle on disk. */
  readonly bytes: number;
}

/** Every deployed Lambda: one per route, and one per job task (lambdas/jobs/manifest.ts, named <job>-<Task>). */
function deployedHandlers(root: string): { operation: string; entry: string }[] {
  return [
    ...routes.map((route) => ({
      operation: route.operation,
      entry: path.join(root, 'lambdas', 'http', `${route.entry}.ts`),
    })),
    ...Object.entries(jobs).flatMap(([job, def]) =>
      Object.entries(def.tasks as Record<string, TaskDef>).map(([variable, task]) => ({
        operation: `${job}-${variable.replace(/FunctionArn$/, '')}`,
        entry: path.join(root, 'lambdas', 'jobs', `${task.entry}.ts`),
      })),
    ),
  ];
}

export async function bundleHandlers(root: string, outdir: string): Promise<HandlerBundle[]> {
  return Promise.all(
    deployedHandlers(root).map(async (route): Promise<HandlerBundle> => {
      const entry = route.entry;
      // CDK writes <asset>/index.mjs for ESM; one directory per operation keeps that shape.
      const file = path.join(outdir, route.operation, 'index.mjs');
      await esbuild.build(lambdaBuildOptions(root, entry, file));
      return { operation: route.operation, file, bytes: (await stat(file)).size };
    }),
  );
}
