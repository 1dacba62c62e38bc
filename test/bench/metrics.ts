/**
 * The shapes shared by every bench module. A module measures one thing and returns metrics;
 * test/bench/run.ts runs the registered modules, merges their metrics into docs/bench-results.json
 * and compares each against its budget (budgets are maxima; null means "recorded, no budget").
 */
export interface Metric {
  /** Dotted name, e.g. `lambda.bundle.max_kb`. Unique across all modules. */
  readonly name: string;
  readonly value: number;
  /** Short unit label: `KB`, `ms`, `s`, `MB`, `requests`... */
  readonly unit: string;
  /** Maximum allowed value, or null when the metric is informational. */
  readonly budget: number | null;
}

/**
 * How big a module's run is. `full`: the measurement `npm run bench` makes (its figures go to
 * docs/bench-results.json and docs/performance.md). `smoke`: the same code at a tiny size, seconds a module, run by the test
 * suite (test/bench-smoke) so a module a product change broke fails CI; its figures mean nothing.
 */
export type BenchSize = 'smoke' | 'full';

export interface BenchContext {
  /** Repository root (absolute). */
  readonly root: string;
  /** A fresh scratch directory for this module only; removed after the run. */
  readonly tmpDir: string;
  /** Progress output (to stderr, so stdout stays the results table). */
  readonly log: (message: string) => void;
  /** The run's size: each module picks its churches, users, runs and seconds from it. */
  readonly size: BenchSize;
}

export interface BenchModule {
  /** Short name, used in progress output and to select modules: `npm run bench -- lambdas`. */
  readonly name: string;
  readonly run: (ctx: BenchContext) => Promise<Metric[]>;
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;

export const kb = (bytes: number): number => bytes / 1024;

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0-100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
