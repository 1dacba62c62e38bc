/** Bench module: each Lambda's bundle size and cold import time. */
import os from 'node:os';
import { routes } from '../../lambdas/routes';
import { bundleHandlers } from './lambda-bundles';
import { medianImportMs } from './import-time';
import { kb, type BenchModule, type Metric } from './metrics';

/**
 * The budget is cold-start time: every API handler's cold import at most 100 ms (median of 5).
 * Size only has a ceiling, 400 KB, so bundles stay quick to load and deploy without driving
 * hand-signed AWS calls or shims that save a few kilobytes. The job tasks (lambdas/jobs) are
 * measured too, without a budget: they run inside a Step Functions job, where no one waits on
 * a cold start.
 */
export const BUNDLE_BUDGET_KB = 400;
export const IMPORT_BUDGET_MS = 100;
/**
 * API handlers with budgets of their own, each with the reason. A handler listed here still fails
 * the bench past its own budgets.
 *  - newUser, registerOrganization: they hold three clients (DynamoDB, Cognito's look-up of the
 *    address, SES for the message every address gets), so that the answer and the work are the same
 *    for every address; 450 KB, with the same import budget as every other route.
 *  - updateFamily, addMember, updateMember, decideChangeRequest, restoreVersion: a family's change
 *    mails (the administrators' notice that a change waits for approval, or a new address's
 *    invitation) beside DynamoDB and Step Functions (a replaced photo's clean-up), and the
 *    decisions apply a change by those same writes; 450 KB, with the same import budget.
 *  - addStudy, updateStudy: a Bible study's references are read by bible-passage-reference-parser,
 *    whose English book names in every spelling are some 300 KB, and its links by markdown-it, and a
 *    file it drops is deleted by the photo clean-up job (Step Functions); the reads and the delete
 *    leave the parser and markdown-it out (studies/studyReads.ts, studyChanges.ts); 650 KB, with the
 *    same import budget, the one that counts for a cold start.
 *  - printStudyHandout: the directory's PDF pipeline (pdf-lib, HarfBuzz's JavaScript, the bidi
 *    algorithm) and markdown-it, to draw the handout while the reader waits for its file; 1,000 KB,
 *    with the same import budget.
 */
const MAILING_CHANGE = { kb: 450, importMs: IMPORT_BUDGET_MS };
const STUDY_WRITE = { kb: 650, importMs: IMPORT_BUDGET_MS };
export const OWN_BUDGETS: Readonly<Record<string, { kb: number; importMs: number }>> = {
  newUser: { kb: 450, importMs: IMPORT_BUDGET_MS },
  registerOrganization: { kb: 450, importMs: IMPORT_BUDGET_MS },
  updateFamily: MAILING_CHANGE,
  addMember: MAILING_CHANGE,
  updateMember: MAILING_CHANGE,
  decideChangeRequest: MAILING_CHANGE,
  restoreVersion: MAILING_CHANGE,
  addStudy: STUDY_WRITE,
  updateStudy: STUDY_WRITE,
  printStudyHandout: { kb: 1000, importMs: IMPORT_BUDGET_MS },
};
/** Cold imports per bundle (the median counts). A smoke run bundles and imports one handler of each kind, once. */
const IMPORT_RUNS = { full: 5, smoke: 1 } as const;

export const lambdas: BenchModule = {
  name: 'lambdas',
  async run({ root, tmpDir, log, size }) {
    const bundles = await bundleHandlers(root, tmpDir, {
      sample: size === 'smoke',
      typical: (operation) => !(operation in OWN_BUDGETS),
    });
    if (bundles.length === 0) throw new Error('lambdas/routes.ts lists no routes');
    log(`bundled ${bundles.length} handlers${size === 'smoke' ? ' (one of each kind)' : ''}`);
    const api = new Set<string>(routes.map((r) => r.operation));
    const runs = IMPORT_RUNS[size];

    // Import times scale with CPU contention; say so when the figures are likely inflated.
    const [load1 = 0] = os.loadavg();
    if (load1 > os.availableParallelism()) {
      log(
        `warning: load average ${load1.toFixed(1)} on ${os.availableParallelism()} CPUs; import times will read high`,
      );
    }
    const imports: { operation: string; ms: number }[] = [];
    for (const b of bundles) {
      const ms = await medianImportMs(b.file, runs);
      imports.push({ operation: b.operation, ms });
      log(`imported ${b.operation}: median ${ms.toFixed(1)} ms of ${runs}`);
    }

    const usual = bundles.filter((b) => api.has(b.operation) && !(b.operation in OWN_BUDGETS));
    const apiImports = imports.filter((i) => api.has(i.operation) && !(i.operation in OWN_BUDGETS));
    const tasks = bundles.filter((b) => !api.has(b.operation));
    const metrics: Metric[] = [
      {
        name: 'lambda.bundle.max_kb',
        value: Math.max(...usual.map((b) => kb(b.bytes))),
        unit: 'KB',
        budget: BUNDLE_BUDGET_KB,
      },
      {
        name: 'lambda.import.max_ms',
        value: Math.max(...apiImports.map((i) => i.ms)),
        unit: 'ms',
        budget: IMPORT_BUDGET_MS,
      },
      {
        name: 'lambda.bundle.tasks_max_kb',
        value: Math.max(...tasks.map((b) => kb(b.bytes))),
        unit: 'KB',
        budget: null,
      },
      {
        name: 'lambda.import.tasks_max_ms',
        value: Math.max(...imports.filter((i) => !api.has(i.operation)).map((i) => i.ms)),
        unit: 'ms',
        budget: null,
      },
    ];
    for (const b of bundles) {
      metrics.push({
        name: `lambda.bundle.${b.operation}_kb`,
        value: kb(b.bytes),
        unit: 'KB',
        budget: OWN_BUDGETS[b.operation]?.kb ?? null,
      });
    }
    for (const i of imports)
      metrics.push({
        name: `lambda.import.${i.operation}_ms`,
        value: i.ms,
        unit: 'ms',
        budget: OWN_BUDGETS[i.operation]?.importMs ?? null,
      });
    return metrics;
  },
};
