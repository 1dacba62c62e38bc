/**
 * What each Lambda can call of Cognito, SES, Step Functions and Amazon Location's places, read from its bundle: an SDK v3
 * operation is one module (`@aws-sdk/client-<service>/dist-*\/commands/<Operation>Command.js`),
 * and esbuild's metafile lists the modules a bundle kept after tree-shaking, so a command in the
 * bundle is an operation the handler's code sends. Built with the deployed options (lib/bundling.ts).
 */
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { lambdaBuildOptions } from '../../lib/bundling';

/** The SDK clients whose actions each function is granted one by one, and their IAM prefixes. */
const IAM_PREFIX: Readonly<Record<string, string>> = {
  'cognito-identity-provider': 'cognito-idp',
  sesv2: 'ses',
  sfn: 'states',
  'geo-places': 'geo-places',
};
export const GRANTED_ONE_BY_ONE = Object.values(IAM_PREFIX).map((prefix) => `${prefix}:`);

const COMMAND = /node_modules\/@aws-sdk\/client-([a-z0-9-]+)\/dist-[a-z]+\/commands\/(\w+)Command\.js$/;

/** Entry file (relative to root) → the IAM actions its bundle can call, sorted. */
export async function sdkActionsByEntry(root: string, entries: readonly string[]): Promise<Map<string, string[]>> {
  const { outfile: _single, ...options } = lambdaBuildOptions(root, entries[0]!, 'unused.mjs');
  const built = await esbuild.build({
    ...options,
    entryPoints: [...entries],
    outdir: path.join(os.tmpdir(), 'sdk-calls'),
    write: false,
    minify: false,
    metafile: true,
  });
  const byEntry = new Map<string, string[]>();
  for (const output of Object.values(built.metafile.outputs)) {
    if (!output.entryPoint) continue;
    const actions = Object.keys(output.inputs).flatMap((input) => {
      const [, client = '', operation] = COMMAND.exec(input) ?? [];
      const prefix = IAM_PREFIX[client];
      return prefix ? [`${prefix}:${operation}`] : [];
    });
    byEntry.set(path.normalize(output.entryPoint), [...new Set(actions)].sort());
  }
  return byEntry;
}
