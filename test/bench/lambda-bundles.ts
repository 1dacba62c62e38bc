/**
 * Bundles every route's handler (lambdas/routes.ts) and every job task (lambdas/jobs/manifest.ts) with exactly the esbuild options CDK deploys
 * with (lib/bundling.ts LAMBDA_ESBUILD), one self-contained .mjs file per route, as CDK does.
 */
import * as esbuild from 'esbuild';
import { stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { lambdaBuildOptions, type NativeModule } from '../../lib/bundling';
import { routes } from '../../lambdas/routes';
import { jobs, type TaskDef } from '../../lambdas/tasks/manifest';
import { s3Events, type S3EventDef } from '../../lambdas/events/manifest';

export type HandlerKind = 'route' | 'task' | 'event';

export interface HandlerBundle {
  readonly operation: string;
  readonly kind: HandlerKind;
  /** Absolute path of the bundled module. */
  readonly file: string;
  /** Size of the minified bundle on disk. */
  readonly bytes: number;
}

/**
 * Every deployed Lambda: one per route, one per job task (lambdas/jobs/manifest.ts, named
 * <job>-<Task>) and one per S3 event handler (lambdas/events/manifest.ts). Native modules stay
 * out of the bundle, as CDK leaves them (installed beside it).
 */
function deployedHandlers(
  root: string,
): { operation: string; kind: HandlerKind; entry: string; nativeModules?: readonly NativeModule[] }[] {
  return [
    ...routes.map((route) => ({
      operation: route.operation,
      kind: 'route' as const,
      entry: path.join(root, 'lambdas', 'http', `${route.entry}.ts`),
    })),
    ...Object.entries(jobs).flatMap(([job, def]) =>
      Object.entries(def.tasks as Record<string, TaskDef>).map(([variable, task]) => ({
        operation: `${job}-${variable.replace(/FunctionArn$/, '')}`,
        kind: 'task' as const,
        entry: path.join(root, 'lambdas', 'tasks', `${task.entry}.ts`),
        nativeModules: task.nativeModules,
      })),
    ),
    ...Object.entries(s3Events).map(([name, def]: [string, S3EventDef]) => ({
      operation: name,
      kind: 'event' as const,
      entry: path.join(root, 'lambdas', 'events', `${def.entry}.ts`),
      nativeModules: def.nativeModules,
    })),
  ];
}

/**
 * Bundles every deployed handler, or with `sample` the first of each kind (a route, a job task, an
 * S3 event handler) that `typical` accepts (a route with budgets of its own is no sample of the rest).
 */
export async function bundleHandlers(
  root: string,
  outdir: string,
  { sample = false, typical = () => true }: { sample?: boolean; typical?: (operation: string) => boolean } = {},
): Promise<HandlerBundle[]> {
  const all = deployedHandlers(root);
  const candidates = all.filter((h) => typical(h.operation));
  const chosen = sample ? candidates.filter((h, i) => candidates.findIndex((x) => x.kind === h.kind) === i) : all;
  return Promise.all(
    chosen.map(async (route): Promise<HandlerBundle> => {
      const entry = route.entry;
      // CDK writes <asset>/index.mjs for ESM; one directory per operation keeps that shape.
      const file = path.join(outdir, route.operation, 'index.mjs');
      await esbuild.build(lambdaBuildOptions(root, entry, file, route.nativeModules));
      // The installed native modules beside the bundle, as CDK ships them: the project's own.
      if (route.nativeModules?.length)
        await symlink(path.join(root, 'node_modules'), path.join(outdir, route.operation, 'node_modules'));
      return { operation: route.operation, kind: route.kind, file, bytes: (await stat(file)).size };
    }),
  );
}
