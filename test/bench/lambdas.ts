/** Bench module: each Lambda's bundle size and cold import time; budgets 400 KB and 100 ms. */
import os from 'node:os';
import { bundleHandlers } from './lambda-bundles';
import { medianImportMs } from './import-time';
import { kb, type BenchModule, type Metric } from './metrics';

/** Every handler's bundle, minified: the SDK clients, Powertools' logger and metrics (~31 KB) and our code. */
export const BUNDLE_BUDGET_KB = 400;
/**
 * Handlers that cannot fit BUNDLE_BUDGET_KB, each with its own budget and the reason: the PDF
 * handler carries pdf-lib, 224 KB by itself (its fonts ship as files beside the bundle). A
 * handler listed here still fails the bench past its own budget; every other one past the usual one.
 */
export const BUNDLE_BUDGET_EXCEPTIONS_KB: Readonly<Record<string, number>> = { generateDirectoryPdf: 550 };
export const IMPORT_BUDGET_MS = 100;
const IMPORT_RUNS = 5;

export const lambdas: BenchModule = {
  name: 'lambdas',
  async run({ root, tmpDir, log }) {
    const bundles = await bundleHandlers(root, tmpDir);
    if (bundles.length === 0) throw new Error('lambdas/routes.ts lists no routes');
    log(`bundled ${bundles.length} handlers`);

    // Import times scale with CPU contention; say so when the figures are likely inflated.
    const [load1 = 0] = os.loadavg();
    if (load1 > os.availableParallelism()) {
      log(
        `warning: load average ${load1.toFixed(1)} on ${os.availableParallelism()} CPUs; import times will read high`,
      );
    }
    const imports: { operation: string; ms: number }[] = [];
    for (const b of bundles) {
      const ms = await medianImportMs(b.file, IMPORT_RUNS);
      imports.push({ operation: b.operation, ms });
      log(`imported ${b.operation}: median ${ms.toFixed(1)} ms of ${IMPORT_RUNS}`);
    }

    const usual = bundles.filter((b) => !(b.operation in BUNDLE_BUDGET_EXCEPTIONS_KB));
    const metrics: Metric[] = [
      {
        name: 'lambda.bundle.max_kb',
        value: Math.max(...usual.map((b) => kb(b.bytes))),
        unit: 'KB',
        budget: BUNDLE_BUDGET_KB,
      },
      {
        name: 'lambda.import.max_ms',
        value: Math.max(...imports.map((i) => i.ms)),
        unit: 'ms',
        budget: IMPORT_BUDGET_MS,
      },
    ];
    for (const b of bundles) {
      metrics.push({
        name: `lambda.bundle.${b.operation}_kb`,
        value: kb(b.bytes),
        unit: 'KB',
        budget: BUNDLE_BUDGET_EXCEPTIONS_KB[b.operation] ?? null,
      });
    }
    for (const i of imports)
      metrics.push({ name: `lambda.import.${i.operation}_ms`, value: i.ms, unit: 'ms', budget: null });
    return metrics;
  },
};
