/**
 * The test stacks a project's global setup starts, one process each (stack-process.ts), and the
 * claim that gives each running test file one of them to itself (test/support/env.ts). A project
 * runs as many files at once as it has stacks, so a file's "nothing changed" proofs (the whole
 * table and both buckets compared before and after a refused request) never see another file's
 * writes.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkTs } from './fork-ts';

/** Where a test file finds its stack. */
export interface TestStack {
  url: string;
  env: Record<string, string>;
  cognitoEndpoint: string;
  clientId: string;
  userPoolId: string;
  dataDir: string;
}

/** Stack k of a project listens on basePort + k × PORTS_APART (a stack takes five ports: lib/local/config.ts). */
const PORTS_APART = 10;

/**
 * Starts `count` stacks side by side, each in a fresh data folder; answers them and the teardown.
 * `photoLinkSeconds`: the photo read links' lifetime, when not the product's.
 */
export async function startStacks(count: number, basePort: number, demo: boolean, photoLinkSeconds: number | null) {
  // Tests provoke failures on purpose: the handlers stay silent unless LOG_LEVEL asks (README, Tests).
  process.env.LOG_LEVEL ||= 'SILENT';
  const started = Array.from({ length: count }, (_, k) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'directory-test-'));
    const child = forkTs(fileURLToPath(new URL('./stack-process.ts', import.meta.url)), [
      JSON.stringify({ basePort: basePort + k * PORTS_APART, dataDir, demo, photoLinkSeconds }),
    ]);
    const ready = new Promise<TestStack>((resolve, reject) => {
      child.once('message', (answer: { stack?: TestStack; error?: string }) =>
        answer.stack ? resolve(answer.stack) : reject(new Error(`A test stack did not start: ${answer.error}`)),
      );
      child.once('exit', (code) => reject(new Error(`A test stack exited (${code}) before it started`)));
    });
    return { child, dataDir, ready };
  });
  const stop = async () => {
    await Promise.all(
      started.map(async ({ child, dataDir }) => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.send('stop');
          await exited;
        }
        rmSync(dataDir, { recursive: true, force: true });
      }),
    );
  };
  try {
    return { stacks: await Promise.all(started.map((s) => s.ready)), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const claimOf = (stack: TestStack) => path.join(stack.dataDir, 'claimed-by');

/** Whether the process that claimed a stack still runs (a killed worker leaves its claim behind). */
function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid in a claim; 0 while its holder has not written it yet, or once it is gone. */
function holderOf(claim: string) {
  try {
    return Number(readFileSync(path.join(claim, 'pid'), 'utf8'));
  } catch {
    return 0;
  }
}

/** One stack no other running file holds (mkdir is atomic); waits while every one is held. */
export async function claimStack(stacks: readonly TestStack[]): Promise<{ stack: TestStack; release: () => void }> {
  for (const started = Date.now(); Date.now() - started < 15 * 60_000; await new Promise((r) => setTimeout(r, 100))) {
    for (const stack of stacks) {
      const claim = claimOf(stack);
      try {
        mkdirSync(claim);
      } catch {
        const holder = holderOf(claim);
        if (holder && !alive(holder)) rmSync(claim, { recursive: true, force: true });
        continue;
      }
      writeFileSync(path.join(claim, 'pid'), String(process.pid));
      return { stack, release: () => rmSync(claim, { recursive: true, force: true }) };
    }
  }
  throw new Error(`No test stack came free in 15 minutes: held by ${stacks.map(claimOf).join(', ')}`);
}
