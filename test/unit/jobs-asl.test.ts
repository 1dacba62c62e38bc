/**
 * The jobs' state machine definitions (lambdas/tasks/*.asl.json), run by aws-local-stepfunctions
 * with stand-in task functions: each loops page by page until its task says done, retries a
 * failed page alone, ends through MarkFailed when a page keeps failing, and keeps its state small.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { StateMachine } from 'aws-local-stepfunctions';
import { describe, expect, it } from 'vitest';
import { jobs, type JobName } from '../../lambdas/tasks/manifest';
import { JOBS_DIR, localDefinition, substitute, taskStates } from '../../lib/local/stepfunctions';

type Handlers = Record<string, (input: any) => Promise<unknown>>;

function machine(job: JobName) {
  const { definition } = localDefinition(job, 'us-east-1');
  return { definition, machine: new StateMachine(definition as never) };
}

/** Runs with every Retry immediate; answers the output (or the error) and the event log. */
async function run(job: JobName, input: unknown, handlers: Handlers) {
  const { definition, machine: m } = machine(job);
  const retrying = Object.fromEntries([...taskStates(definition).keys()].map((s) => [s, 0]));
  const execution = m.run(input as never, {
    overrides: { taskResourceLocalHandlers: handlers as never, retryIntervalOverrides: retrying },
  });
  const events: { type: string; input?: unknown; output?: unknown }[] = [];
  const drained = (async () => {
    for await (const e of execution.eventLogs) events.push(e as never);
  })();
  let output: unknown;
  let error: (Error & { cause?: Error }) | undefined;
  try {
    output = await execution.result;
  } catch (e) {
    error = e as Error & { cause?: Error };
  }
  await drained;
  return { output, error, events };
}

const pages = (count: number, key: string) => {
  const calls: any[] = [];
  const fn = async (input: any) => {
    calls.push(input);
    const page = (input.page ?? 0) + 1;
    return { jobId: input.jobId, [key]: page < count ? `${key}-${page}` : null, page, done: page >= count };
  };
  return { calls, fn };
};

describe('job manifest and ASL files', () => {
  it.each(Object.keys(jobs) as JobName[])(
    '%s: every substitution variable is a task of the manifest and every task is used',
    (job) => {
      const text = readFileSync(path.join(JOBS_DIR, jobs[job].definition), 'utf8');
      const variables = new Set([...text.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]));
      expect([...variables].sort()).toEqual(Object.keys(jobs[job].tasks).sort());
      expect(() => substitute(text, {})).toThrow(/No value for substitution variable/);
      // aws-local-stepfunctions validates the definition (asl-validator) when constructing it.
      expect(() => machine(job)).not.toThrow();
    },
  );

  it.each(Object.keys(jobs) as JobName[])(
    '%s: every Task retries, and a job with a record ends it through MarkFailed',
    (job) => {
      const { definition } = localDefinition(job, 'us-east-1');
      const states = new Map<string, any>();
      const walk = (m: any) => {
        for (const [name, s] of Object.entries<any>(m.States)) {
          states.set(name, s);
          for (const b of s.Branches ?? []) walk(b);
          if (s.ItemProcessor) walk(s.ItemProcessor);
        }
      };
      walk(definition);
      for (const [name, s] of states) {
        if (s.Type === 'Task') {
          expect(s.Retry?.length, name).toBeGreaterThan(0);
          expect(s.TimeoutSeconds, name).toBeGreaterThan(0);
        }
      }
      // The photo jobs, the account clean-up, the invitation queue and the address lookups keep no
      // job record (nobody follows them on a page): a failure ends the execution, which the
      // failed-jobs alarm reports (the queue's invitations wait for the next hour, an address for
      // its next save or run). The others catch everything into MarkFailed.
      if (['photoCleanup', 'photoRenditions', 'accountCleanup', 'invitationQueue', 'familyLocations'].includes(job)) {
        expect((definition as any).States.MarkFailed).toBeUndefined();
        return;
      }
      for (const [name, s] of Object.entries<any>((definition as any).States)) {
        if (['Task', 'Parallel', 'Map'].includes(s.Type) && name !== 'MarkFailed') {
          expect(s.Catch?.[0], name).toMatchObject({ ErrorEquals: ['States.ALL'], Next: 'MarkFailed' });
        }
      }
    },
  );
});

describe('integrityReport.asl.json', () => {
  it('scans page after page and lists accounts page after page, side by side, then finishes once', async () => {
    const scan = pages(4, 'cursor');
    const accounts = pages(3, 'token');
    const finished: any[] = [];
    const { output, error, events } = await run(
      'integrityReport',
      { jobId: 'j1' },
      {
        ScanPage: scan.fn,
        AccountsPage: accounts.fn,
        Finish: async (input) => {
          finished.push(input);
          return { jobId: input.jobId, totalIssues: 0 };
        },
        MarkFailed: async () => {
          throw new Error('must not fail');
        },
      },
    );
    expect(error).toBeUndefined();
    expect(scan.calls.map((c) => c.cursor ?? null)).toEqual([null, 'cursor-1', 'cursor-2', 'cursor-3']);
    expect(accounts.calls.map((c) => c.token ?? null)).toEqual([null, 'token-1', 'token-2']);
    // The Parallel's result is dropped: Finish sees the execution input, not the pages.
    expect(finished).toEqual([{ jobId: 'j1' }]);
    expect(output).toEqual({ jobId: 'j1', totalIssues: 0 });
    // History grows by a constant per page (Task + Choice), so the page count bounds it.
    const perPage = events.filter((e) => e.type.startsWith('State')).length;
    expect(perPage).toBeLessThan(8 * (4 + 3) + 20);
  });

  it('retries a failed page alone, then carries on from it', async () => {
    const seen: (string | null)[] = [];
    let failures = 0;
    const { error } = await run(
      'integrityReport',
      { jobId: 'j2' },
      {
        ScanPage: async (input) => {
          seen.push(input.cursor ?? null);
          if (input.cursor === 'cursor-1' && failures < 2) {
            failures++;
            throw Object.assign(new Error('throttled'), { name: 'ProvisionedThroughputExceededException' });
          }
          const page = (input.page ?? 0) + 1;
          return { jobId: input.jobId, cursor: page < 3 ? `cursor-${page}` : null, page, done: page >= 3 };
        },
        AccountsPage: async (input) => ({ jobId: input.jobId, token: null, done: true }),
        Finish: async (input) => ({ jobId: input.jobId }),
        MarkFailed: async () => {
          throw new Error('must not fail');
        },
      },
    );
    expect(error).toBeUndefined();
    expect(seen).toEqual([null, 'cursor-1', 'cursor-1', 'cursor-1', 'cursor-2']);
  });

  it('ends through MarkFailed with the error when a page keeps failing', async () => {
    const failed: any[] = [];
    let finishCalls = 0;
    const { error } = await run(
      'integrityReport',
      { jobId: 'j3' },
      {
        ScanPage: async () => {
          throw Object.assign(new Error('the table is gone'), { name: 'ResourceNotFoundException' });
        },
        AccountsPage: async (input) => ({ jobId: input.jobId, token: null, done: true }),
        Finish: async () => {
          finishCalls++;
          return {};
        },
        MarkFailed: async (input) => {
          failed.push(input);
          return { jobId: input.jobId };
        },
      },
    );
    expect(error?.cause?.name ?? error?.name).toBe('JobFailed');
    expect(finishCalls).toBe(0);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ jobId: 'j3', error: { Error: 'ResourceNotFoundException' } });
    expect(String(failed[0].error.Cause)).toContain('the table is gone');
  });

  it('keeps the state between pages to the cursor (far below the 256 KB state limit)', async () => {
    const sizes: number[] = [];
    await run(
      'integrityReport',
      { jobId: 'j4' },
      {
        ScanPage: async (input) => {
          sizes.push(JSON.stringify(input).length);
          const page = (input.page ?? 0) + 1;
          return {
            jobId: input.jobId,
            cursor:
              page < 50 ? { PK: `ORG#${'x'.repeat(36)}`, SK: `FAM#${'y'.repeat(36)}#MEM#${'z'.repeat(36)}` } : null,
            page,
            done: page >= 50,
          };
        },
        AccountsPage: async (input) => ({ jobId: input.jobId, token: null, done: true }),
        Finish: async (input) => ({ jobId: input.jobId }),
        MarkFailed: async (input) => input,
      },
    );
    expect(sizes).toHaveLength(50);
    expect(Math.max(...sizes)).toBeLessThan(512);
  });
});

describe('orgDeletion.asl.json', () => {
  /** A stand-in for a page task: `pages[key]` pages of work, then done. */
  function tasks(pagesOf: Record<string, number>, log: string[], failAt?: string) {
    const left = { ...pagesOf };
    const step = (key: string) => async (input: any) => {
      log.push(key);
      if (key === failAt) throw Object.assign(new Error('S3 is down'), { name: 'ServiceUnavailable' });
      left[key] = (left[key] ?? 0) - 1;
      return { jobId: input.jobId, orgId: input.orgId, done: left[key]! <= 0 };
    };
    return {
      DeleteUsers: async (input: any) => step(`page:${input.phase}`)(input),
      DeleteItems: async (input: any) => step(`page:${input.phase}`)(input),
      DeletePhotos: async (input: any) => step(`objects:${input.bucket}`)(input),
      DeleteExports: async (input: any) => step(`objects:${input.bucket}`)(input),
      Finish: async (input: any) => {
        log.push('finish');
        return { jobId: input.jobId, orgId: input.orgId, done: true };
      },
      MarkFailed: async (input: any) => {
        log.push(`failed:${input.error.Error}`);
        return { jobId: input.jobId };
      },
    };
  }

  it('deletes accounts, then items, then photos, then exports, page by page, and finishes once', async () => {
    const log: string[] = [];
    const { error, output } = await run(
      'orgDeletion',
      { jobId: 'delete-o1', orgId: 'o1' },
      tasks({ 'page:users': 2, 'page:items': 3, 'objects:photos': 2, 'objects:exports': 1 }, log),
    );
    expect(error).toBeUndefined();
    expect(log).toEqual([
      'page:users',
      'page:users',
      'page:items',
      'page:items',
      'page:items',
      'objects:photos',
      'objects:photos',
      'objects:exports',
      'finish',
    ]);
    expect(output).toEqual({ jobId: 'delete-o1', orgId: 'o1', done: true });
  });

  it('goes through each loop once when there is nothing to delete', async () => {
    const log: string[] = [];
    await run('orgDeletion', { jobId: 'delete-o2', orgId: 'o2' }, tasks({}, log));
    expect(log).toEqual(['page:users', 'page:items', 'objects:photos', 'objects:exports', 'finish']);
  });

  it('retries a failing page, then ends through MarkFailed without finishing', async () => {
    const log: string[] = [];
    const { error } = await run(
      'orgDeletion',
      { jobId: 'delete-o3', orgId: 'o3' },
      tasks({ 'page:users': 1, 'page:items': 1 }, log, 'objects:photos'),
    );
    expect(error?.cause?.name ?? error?.name).toBe('JobFailed');
    // The first attempt and three retries (Retry MaxAttempts 3 for States.TaskFailed), then MarkFailed.
    expect(log).toEqual([
      'page:users',
      'page:items',
      'objects:photos',
      'objects:photos',
      'objects:photos',
      'objects:photos',
      'failed:ServiceUnavailable',
    ]);
  });
});

describe('directoryBook.asl.json', () => {
  const head = { title: 'Grace Directory', printedAt: '2026-11-27T00:00:00.000Z', pages: 40, objects: 900 };
  /** Stand-ins for the book's steps: Read logs its slice of how many, Plan cuts the book into `parts`; each call is logged. */
  function steps(parts: number, log: string[], failPart?: number, running = { now: 0, most: 0 }) {
    const handler = async (input: any) => {
      switch (input.step) {
        case 'read':
          log.push(`read:${input.slice}/${input.slices.length}`);
          return { slice: input.slice, families: 10 };
        case 'plan':
          log.push(`plan:${input.slices.length}`);
          return { orgId: input.orgId, jobId: input.jobId, parts: [...Array(parts).keys()], head };
        case 'part':
          log.push(`part:${input.part}`);
          if (input.part === failPart) throw Object.assign(new Error('S3 is down'), { name: 'ServiceUnavailable' });
          running.most = Math.max(running.most, ++running.now);
          await new Promise((r) => setTimeout(r, 5));
          running.now -= 1;
          return { part: input.part, pages: 2 };
        case 'join':
          log.push(`join:${input.parts.length}`);
          return { orgId: input.orgId, jobId: input.jobId, pages: input.head.pages };
        case 'fail':
          log.push(`failed:${input.error.Error}`);
          return { orgId: input.orgId, jobId: input.jobId };
      }
      throw new Error(`no step ${input.step}`);
    };
    return { ReadSlice: handler, Plan: handler, Part: handler, Join: handler, MarkFailed: handler };
  }

  /** The book's slices, as the Slices state names them. */
  const READS = ['read:0/4', 'read:1/4', 'read:2/4', 'read:3/4'];

  it('reads every slice, plans from them, renders every part (a few at a time, each with its own number), then joins once', async () => {
    const log: string[] = [];
    const running = { now: 0, most: 0 };
    const { error, output, events } = await run(
      'directoryBook',
      { orgId: 'o1', jobId: 'b1' },
      steps(12, log, undefined, running),
    );
    expect(error).toBeUndefined();
    expect(log.slice(0, 4).sort()).toEqual(READS);
    expect(log[4]).toBe('plan:4');
    expect(log.slice(5, -1).sort()).toEqual([...Array(12).keys()].map((n) => `part:${n}`).sort());
    expect(log.at(-1)).toBe('join:12');
    expect(output).toEqual({ orgId: 'o1', jobId: 'b1', pages: 40 });
    // The state between steps: the parts' numbers and the book's head, never its pages.
    const sizes = events.filter((e) => e.input !== undefined).map((e) => JSON.stringify(e.input).length);
    expect(Math.max(...sizes)).toBeLessThan(1024);
    const { definition } = localDefinition('directoryBook', 'us-east-1');
    // Five at once: the book Lambda's reserved concurrency holds four books' parts.
    const most = (definition as any).States.Parts.MaxConcurrency;
    expect(running.most).toBeGreaterThan(1);
    expect(running.most).toBeLessThanOrEqual(most);
    expect(most).toBeLessThanOrEqual(jobs.directoryBook.tasks.RenderFunctionArn.reservedConcurrency / 4);
    expect((definition as any).States.Read.MaxConcurrency).toBeLessThanOrEqual(most);
  });

  it('joins at once when there is nothing to print (no parts)', async () => {
    const log: string[] = [];
    const handlers = steps(0, log);
    const { error } = await run('directoryBook', { orgId: 'o1', jobId: 'b2' }, handlers);
    expect(error).toBeUndefined();
    expect(log.slice(0, 4).sort()).toEqual(READS);
    expect(log.slice(4)).toEqual(['plan:4', 'join:0']);
  });

  it('retries a failing part alone, then ends through MarkFailed without joining', async () => {
    const log: string[] = [];
    const { error } = await run('directoryBook', { orgId: 'o1', jobId: 'b3' }, steps(3, log, 1));
    expect(error).toBeDefined();
    // The first attempt and two retries (Retry MaxAttempts 2 for States.TaskFailed), then MarkFailed.
    expect(log.filter((l) => l === 'part:1')).toHaveLength(3);
    expect(log.some((l) => l.startsWith('join'))).toBe(false);
    expect(log.at(-1)).toBe('failed:ServiceUnavailable');
  });
});
