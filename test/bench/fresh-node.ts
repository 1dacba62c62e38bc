/**
 * Runs one module's `benchMain(input)` once in a fresh `node` (a cold module graph, a process of
 * its own, as a Lambda invocation's container), for its wall time and its peak memory.
 *
 * The peak is the child's own: VmHWM of /proc/self/status, the high-water mark of the resident
 * set of the child's process image alone, read in the child once the work is done. Not
 * getrusage's maxRSS (process.resourceUsage().maxRSS): on Linux the kernel carries the image's
 * high-water mark across exec, and a forked child starts with its parent's resident set, so a
 * child of a bench process that had grown to 800 MB reads at least 800 MB whatever it does. That
 * figure is returned beside (maxRssMb), for the log; without /proc (not Linux) it is all there is.
 */
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

const PROBE = `
const [url, input] = process.argv.slice(1);
const mod = await import(url);
const t0 = performance.now();
const result = await mod.benchMain(input);
const ms = performance.now() - t0;
const { readFileSync } = await import('node:fs');
let status = '';
try { status = readFileSync('/proc/self/status', 'utf8'); } catch {}
const hwmKb = /^VmHWM:\\s+(\\d+) kB$/m.exec(status)?.[1];
const maxRssMb = process.resourceUsage().maxRSS / 1024;
const peakMb = hwmKb ? Number(hwmKb) / 1024 : maxRssMb;
process.stdout.write('\\n' + JSON.stringify({ benchResult: true, ms, peakMb, maxRssMb, result }) + '\\n');
`;

export interface FreshNodeResult<T> {
  /** Wall time of benchMain, import excluded. */
  ms: number;
  /** The child's own peak resident set (VmHWM), in MB. */
  peakMb: number;
  /** getrusage's maxRSS of the child, in MB: at least what its parent had resident (see above). */
  maxRssMb: number;
  result: T;
  /** The JSON lines the child printed besides its result (a handler's log lines). */
  logs: Record<string, unknown>[];
}

/** `file` exports `benchMain(input: string)`; its answer comes back as `result`. */
export async function inFreshNode<T>(file: string, input: string, env: NodeJS.ProcessEnv): Promise<FreshNodeResult<T>> {
  const { stdout } = await run(
    process.execPath,
    ['--input-type=module', '-e', PROBE, pathToFileURL(file).href, input],
    {
      env,
      maxBuffer: 64 * 1024 * 1024,
      timeout: 300_000,
    },
  );
  const lines = stdout.split('\n').filter((l) => l.startsWith('{'));
  const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  const last = parsed.find((l) => l.benchResult) as unknown as Omit<FreshNodeResult<T>, 'logs'> | undefined;
  if (!last) throw new Error(`no result from ${file}: ${stdout.slice(-2000)}`);
  return { ...last, logs: parsed.filter((l) => !l.benchResult) };
}
