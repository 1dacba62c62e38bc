/**
 * Times `await import(file)` of a bundled handler in a fresh `node` process (a cold module
 * graph, like a Lambda cold start's init phase), with the environment the handlers read.
 */
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ENV_NAMES } from '../../lambdas/platform/env';
import { median } from './metrics';

const run = promisify(execFile);

/** Runs in the child: imports the module, checks it exports a `handler` function, prints the ms. */
const PROBE = `
const url = process.argv[1];
const t0 = performance.now();
const mod = await import(url);
const ms = performance.now() - t0;
if (typeof mod.handler !== 'function') throw new Error(url + ' does not export a handler function');
process.stdout.write(JSON.stringify({ ms }));
`;

/** Dummy values for every variable a handler reads, so module init cannot throw. */
export function handlerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR };
  for (const name of ENV_NAMES) env[name] = `bench-${name.toLowerCase().replace(/_/g, '-')}`;
  Object.assign(env, {
    TABLE_NAME: 'bench-table',
    USER_POOL_ID: 'us-east-1_bench',
    SUPER_ADMIN_EMAIL: 'super@bench.invalid',
    MAIL_FROM: 'noreply@bench.invalid',
    APP_URL: 'https://bench.invalid',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    LOG_LEVEL: 'error',
  });
  return env;
}

/** One cold import, in ms. */
export async function importOnce(file: string, env: NodeJS.ProcessEnv = handlerEnv()): Promise<number> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', PROBE, pathToFileURL(file).href], {
    env,
    timeout: 30_000,
  });
  const { ms } = JSON.parse(stdout) as { ms: number };
  if (!Number.isFinite(ms)) throw new Error(`import probe for ${file} printed ${stdout}`);
  return ms;
}

/** Median of `runs` cold imports, run one after another so they do not compete for the CPU. */
export async function medianImportMs(file: string, runs = 5): Promise<number> {
  const env = handlerEnv();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await importOnce(file, env));
  return median(samples);
}
