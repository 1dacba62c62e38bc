/**
 * A job task's Lambda as CDK ships it (its bundle, made with the deploy's esbuild options, and the
 * files it reads beside it), with a driver that makes one invocation of it: what a bench module
 * runs in a fresh process (fresh-node.ts) to time an invocation and read its peak memory as
 * Lambda counts it.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { copyFilesToShip, lambdaBuildOptions } from '../../lib/bundling';
import type { TaskDef } from '../../lambdas/tasks/manifest';

/** The driver's `benchMain`: one invocation with the state machine's input (JSON), as Step Functions makes it. */
const driver = (functionName: string) => `
import { handler } from './index.mjs';
export async function benchMain(inputJson) {
  return handler(JSON.parse(inputJson), { awsRequestId: 'bench', functionName: ${JSON.stringify(functionName)}, getRemainingTimeInMillis: () => 60000 });
}
`;

/** Bundles `task` into `dir` (index.mjs, its shipped files, driver.mjs); answers the driver's path, for inFreshNode. */
export async function bundleTask(root: string, task: TaskDef, dir: string, functionName: string): Promise<string> {
  await esbuild.build(
    lambdaBuildOptions(root, path.join(root, 'lambdas', 'tasks', `${task.entry}.ts`), path.join(dir, 'index.mjs')),
  );
  copyFilesToShip(root, task, dir);
  const file = path.join(dir, 'driver.mjs');
  await writeFile(file, driver(functionName));
  return file;
}

/**
 * The environment of a task's process: this one's (the local stack's endpoints and names) with
 * its log lines on, as a Lambda instance that serves one invocation at a time: without the
 * concurrency the local gateway sets in this process (lib/local/invocation.ts), for which
 * Powertools would look for an InvokeStore the child has not made.
 */
export function taskProcessEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info' };
  delete env.AWS_LAMBDA_MAX_CONCURRENCY;
  return env;
}
