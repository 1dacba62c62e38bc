/**
 * docs/bench-results.json: metric name -> its last full run's value, unit and budget, with the
 * module, the day, the command and the machine's load that gave it. Each run merges its metrics
 * into the file, so metrics from modules not run this time keep theirs; docs/performance.md is
 * written from it (performance-doc.ts). Committed: the figures travel with the code they measure.
 */
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { round2, type Metric } from './metrics';

export const RESULTS_FILE = 'docs/bench-results.json';

/** Which run measured a figure. */
export interface RunInfo {
  /** YYYY-MM-DD, UTC. */
  ran: string;
  /** As typed: `BENCH_PDF_FAMILIES=20000 npm run bench -- pdf`. */
  command: string;
  /** Cores and the 1-minute load average when the run began: figures of a busy machine say less. */
  machine: string;
}

export interface StoredMetric extends Partial<RunInfo> {
  value: number;
  unit: string;
  budget: number | null;
  module?: string;
}
export type Results = Record<string, StoredMetric>;

/** This run's description, from its arguments and the BENCH_* settings it was given. */
export function runInfo(args: readonly string[], env: NodeJS.ProcessEnv = process.env, now = new Date()): RunInfo {
  const settings = Object.entries(env)
    .filter(([k, v]) => k.startsWith('BENCH_') && !k.endsWith('_PORT') && v)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v} `)
    .join('');
  return {
    ran: now.toISOString().slice(0, 10),
    command: `${settings}npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`,
    machine: `${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
  };
}

export async function readResults(file: string): Promise<Results> {
  if (!existsSync(file)) return {};
  const text = await readFile(file, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${file} is not valid JSON; fix or delete it`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${file} must hold an object of metric name -> { value, unit, budget }`);
  }
  return parsed as Results;
}

/** Merges `metrics` (each with its module's name) into the file (new values win), keys sorted; returns the merged results. */
export async function mergeResults(
  root: string,
  metrics: readonly (Metric & { module: string })[],
  run: RunInfo,
): Promise<Results> {
  const file = path.join(root, RESULTS_FILE);
  const merged: Results = await readResults(file);
  for (const m of metrics) {
    merged[m.name] = {
      value: round2(m.value),
      unit: m.unit,
      budget: m.budget === null ? null : round2(m.budget),
      module: m.module,
      ...run,
    };
  }
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(sorted, null, 2) + '\n');
  await rename(tmp, file);
  return sorted;
}
