/**
 * bench-results.json at the repository root: metric name -> { value, unit, budget }.
 * Each run merges its metrics into the file, so metrics from modules not run this time stay.
 */
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { round2, type Metric } from './metrics';

export const RESULTS_FILE = 'bench-results.json';

export interface StoredMetric {
  value: number;
  unit: string;
  budget: number | null;
}
export type Results = Record<string, StoredMetric>;

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

/** Merges `metrics` into the file (new values win), keys sorted; returns the merged results. */
export async function mergeResults(root: string, metrics: readonly Metric[]): Promise<Results> {
  const file = path.join(root, RESULTS_FILE);
  const merged: Results = await readResults(file);
  for (const m of metrics) {
    merged[m.name] = { value: round2(m.value), unit: m.unit, budget: m.budget === null ? null : round2(m.budget) };
  }
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(sorted, null, 2) + '\n');
  await rename(tmp, file);
  return sorted;
}
