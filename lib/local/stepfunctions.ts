/**
 * Local Step Functions: the very ASL files CDK deploys (lambdas/tasks/*.asl.json, listed in
 * lambdas/tasks/manifest.ts), run by aws-local-stepfunctions in this process, each Task state
 * mapped to its handler module (lambdas/tasks/<job>/<step>.ts). The gateway serves it as the SFN
 * endpoint (AWS_ENDPOINT_URL_SFN = <gateway>/_local/sfn), speaking the AWS JSON protocol of
 * StartExecution and DescribeExecution, so the handlers that start and watch jobs
 * (lambdas/platform/aws/sfn.ts) are the same code locally and in AWS.
 *
 * Like Step Functions Local's mocked failures, a fault can be injected into a task (a test stops
 * a deletion part-way this way): POST /_local/sfn/faults.
 *
 * As strict as Step Functions on what passes between states: a task's input or result over
 * 256 KB ends the execution FAILED with States.DataLimitExceeded, which no Catch catches.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine } from 'aws-local-stepfunctions';
import { jobs, type JobDef, type JobName } from '../../lambdas/tasks/manifest';
import { asInvocation } from './invocation';

// aws-local-stepfunctions declares Node 22 and uses Promise.withResolvers; Node 20 lacks it.
const P = Promise as unknown as { withResolvers?: () => unknown };
P.withResolvers ??= function withResolvers<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

export const LOCAL_ACCOUNT = '000000000000';

/** Step Functions' largest input or result of a state (UTF-8 bytes of its JSON). */
export const MAX_PAYLOAD_BYTES = 256 * 1024;

const payloadBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? null), 'utf8');

export const localStateMachineArn = (region: string, job: string) =>
  `arn:aws:states:${region}:${LOCAL_ACCOUNT}:stateMachine:${job}`;
export const localTaskArn = (region: string, job: string, variable: string) =>
  `arn:aws:lambda:${region}:${LOCAL_ACCOUNT}:function:${job}-${variable.replace(/FunctionArn$/, '')}`;

/** The definition text with `${Name}` substitution variables replaced, as CloudFormation does. */
export function substitute(definition: string, variables: Record<string, string>): string {
  return definition.replace(/\$\{(\w+)\}/g, (whole, name: string) => {
    const value = variables[name];
    if (value === undefined) throw new Error(`No value for substitution variable ${whole}`);
    return value;
  });
}

type Json = Record<string, unknown>;

/** Every Task state (branches and iterators included): name → Resource. */
export function taskStates(definition: Json): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (machine: Json) => {
    for (const [name, state] of Object.entries((machine.States ?? {}) as Record<string, Json>)) {
      if (state.Type === 'Task') found.set(name, String(state.Resource));
      for (const branch of (state.Branches ?? []) as Json[]) walk(branch);
      if (state.Iterator) walk(state.Iterator as Json);
      if (state.ItemProcessor) walk(state.ItemProcessor as Json);
    }
  };
  walk(definition);
  return found;
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const JOBS_DIR = path.join(root, 'lambdas/tasks');

/** The job's definition with local task ARNs, and which handler entry each ARN stands for. */
export function localDefinition(job: JobName, region: string): { definition: Json; entries: Map<string, string> } {
  const def = jobs[job];
  const variables: Record<string, string> = {};
  const entries = new Map<string, string>();
  for (const [variable, task] of Object.entries(def.tasks)) {
    const arn = localTaskArn(region, job, variable);
    variables[variable] = arn;
    entries.set(arn, task.entry);
  }
  const definition = JSON.parse(
    substitute(readFileSync(path.join(JOBS_DIR, def.definition), 'utf8'), variables),
  ) as Json;
  return { definition, entries };
}

type TaskHandler = (input: unknown, context: unknown) => Promise<unknown>;

export interface Fault {
  /** The Task state that fails. */
  state: string;
  /** Calls of that state that succeed first (0: the first call fails). */
  afterCalls?: number;
  /** How many calls fail after those (default: every one). */
  times?: number;
  /** The error name thrown (default InjectedFault). */
  error?: string;
  /** Retry without waiting while the fault is set (a test need not sit through back-off). */
  fastRetries?: boolean;
  /** `before` (default): the task fails without running; `after`: it runs, then reports a failure (a crash after its work). */
  when?: 'before' | 'after';
  /** A slow task instead of a failing one: each call waits this long, then runs (a browser test reloads the page meanwhile). */
  delayMs?: number;
}

interface Execution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  input: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';
  startDate: number;
  stopDate?: number;
  output?: string;
  error?: string;
  cause?: string;
  /** History events so far (Step Functions keeps at most 25,000 per execution). */
  events: number;
  done: Promise<void>;
  /** Set when a state's payload was over the limit: the execution was stopped for it. */
  dataLimit?: string;
}

class ServiceError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export class LocalStepFunctions {
  private readonly executions = new Map<string, Execution>();
  private readonly handlers = new Map<string, Promise<TaskHandler>>();
  private readonly machines = new Map<
    string,
    { machine: StateMachine; tasks: Map<string, string>; entries: Map<string, string>; retrying: string[] }
  >();
  private fault: (Fault & { calls: number; failed: number }) | null = null;

  constructor(private readonly options: { region: string; verbose?: boolean; jobsDir?: string }) {
    for (const job of Object.keys(jobs) as JobName[]) {
      const { definition, entries } = localDefinition(job, options.region);
      const tasks = taskStates(definition);
      const retrying = [...collectRetrying(definition)];
      this.machines.set(localStateMachineArn(options.region, job), {
        machine: new StateMachine(definition as never),
        tasks,
        entries,
        retrying,
      });
    }
  }

  stateMachineArns(): Record<JobName, string> {
    return Object.fromEntries(
      (Object.keys(jobs) as JobName[]).map((job) => [job, localStateMachineArn(this.options.region, job)]),
    ) as Record<JobName, string>;
  }

  /**
   * The jobs that run on a schedule (`everyHours`), started as the EventBridge rule starts them in
   * AWS: empty input, first after one period. The timers do not keep the process alive.
   */
  startSchedules(): NodeJS.Timeout[] {
    return (Object.entries(jobs) as [JobName, JobDef][])
      .filter(([, def]) => def.everyHours)
      .map(([job, def]) =>
        setInterval(
          () => this.start(localStateMachineArn(this.options.region, job), `scheduled-${Date.now()}`, '{}'),
          def.everyHours! * 3_600_000,
        ).unref(),
      );
  }

  setFault(fault: Fault | null): void {
    this.fault = fault ? { ...fault, calls: 0, failed: 0 } : null;
  }

  private handler(entry: string): Promise<TaskHandler> {
    let loaded = this.handlers.get(entry);
    if (!loaded) {
      const file = pathToFileURL(path.join(this.options.jobsDir ?? JOBS_DIR, `${entry}.ts`)).href;
      loaded = import(file).then((m: { handler: TaskHandler }) => m.handler);
      this.handlers.set(entry, loaded);
    }
    return loaded;
  }

  private injected(state: string): Error | null {
    const fault = this.fault;
    if (!fault || fault.state !== state) return null;
    fault.calls += 1;
    if (fault.calls <= (fault.afterCalls ?? 0)) return null;
    if (fault.failed >= (fault.times ?? Infinity)) return null;
    fault.failed += 1;
    return Object.assign(new Error(`Fault injected into ${state} (call ${fault.calls})`), {
      name: fault.error ?? 'InjectedFault',
    });
  }

  start(stateMachineArn: string, name: string, input: string): { executionArn: string; startDate: number } {
    const found = this.machines.get(stateMachineArn);
    if (!found)
      throw new ServiceError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${stateMachineArn}'`);
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) throw new ServiceError('InvalidName', `Invalid Name: '${name}'`);
    const executionArn = `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
    if (this.executions.has(executionArn))
      throw new ServiceError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);

    const overrides: Record<string, (input: unknown) => Promise<unknown>> = {};
    // A payload over the limit fails the whole execution at once, as in AWS (no Retry or Catch applies).
    let stop: () => void = () => {};
    const dataLimit = (state: string, what: string, value: unknown) => {
      const bytes = payloadBytes(value);
      if (bytes <= MAX_PAYLOAD_BYTES) return;
      execution.dataLimit = `The state/task '${state}' ${what} has exceeded the maximum number of bytes service limit (${bytes} of ${MAX_PAYLOAD_BYTES}).`;
      stop();
      throw Object.assign(new Error(execution.dataLimit), { name: 'States.DataLimitExceeded' });
    };
    for (const [state, resource] of found.tasks) {
      const entry = found.entries.get(resource);
      if (!entry)
        throw new Error(`Task state ${state} names ${resource}, which no task of lambdas/tasks/manifest.ts stands for`);
      overrides[state] = async (taskInput) => {
        const delay = this.fault?.state === state ? this.fault.delayMs : undefined;
        if (delay) await new Promise((r) => setTimeout(r, delay));
        const after = this.fault?.when === 'after';
        const fault = delay ? null : this.injected(state);
        if (fault && !after) throw fault;
        dataLimit(state, 'input', taskInput);
        const handler = await this.handler(entry);
        const requestId = crypto.randomUUID();
        const output = await asInvocation(requestId, () =>
          handler(taskInput, {
            functionName: resource.split(':').pop(),
            awsRequestId: requestId,
            getRemainingTimeInMillis: () => 300_000,
          }),
        );
        if (fault) throw fault;
        dataLimit(state, 'result', output);
        return output;
      };
    }
    const retryIntervalOverrides = this.fault?.fastRetries
      ? Object.fromEntries(found.retrying.map((s) => [s, 0]))
      : undefined;
    const execution = {
      executionArn,
      stateMachineArn,
      name,
      input,
      status: 'RUNNING',
      startDate: Date.now(),
      events: 0,
    } as Execution;
    const run = found.machine.run(JSON.parse(input) as never, {
      overrides: { taskResourceLocalHandlers: overrides as never, retryIntervalOverrides },
      context: { Execution: { Id: executionArn, Name: name } } as never,
    });
    stop = () => run.abort();
    // Drain the event log (it queues every event until read) and count it.
    void (async () => {
      for await (const _event of run.eventLogs) execution.events += 1;
    })();
    execution.done = run.result.then(
      (output) => {
        Object.assign(execution, { status: 'SUCCEEDED', stopDate: Date.now(), output: JSON.stringify(output ?? null) });
      },
      (failure: Error & { cause?: Error & { name?: string } }) => {
        const cause = execution.dataLimit
          ? Object.assign(new Error(execution.dataLimit), { name: 'States.DataLimitExceeded' })
          : (failure.cause ?? failure);
        Object.assign(execution, {
          status: 'FAILED',
          stopDate: Date.now(),
          error: cause.name ?? 'Error',
          cause: cause.message,
        });
        if (this.options.verbose)
          console.error(`Step Functions (local): ${name} failed: ${cause.name}: ${cause.message}`);
      },
    );
    this.executions.set(executionArn, execution);
    return { executionArn, startDate: execution.startDate };
  }

  describe(executionArn: string) {
    const e = this.executions.get(executionArn);
    if (!e) throw new ServiceError('ExecutionDoesNotExist', `Execution Does Not Exist: '${executionArn}'`);
    return {
      executionArn: e.executionArn,
      stateMachineArn: e.stateMachineArn,
      name: e.name,
      status: e.status,
      startDate: e.startDate / 1000,
      ...(e.stopDate ? { stopDate: e.stopDate / 1000 } : {}),
      input: e.input,
      ...(e.output !== undefined ? { output: e.output } : {}),
      ...(e.error ? { error: e.error, cause: e.cause } : {}),
    };
  }

  /** History events of an execution so far. */
  historyEvents(executionArn: string): number {
    return this.executions.get(executionArn)?.events ?? 0;
  }

  /** Resolves once every execution started so far has ended (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.executions.values()].map((e) => e.done));
  }

  /** The AWS JSON 1.0 protocol (X-Amz-Target: AWSStepFunctions.<Operation>), as the gateway serves it. */
  async handle(
    target: string | undefined,
    body: string,
  ): Promise<{ status: number; body: string; headers: Record<string, string> }> {
    const headers = { 'content-type': 'application/x-amz-json-1.0' };
    try {
      const input = (body ? JSON.parse(body) : {}) as Record<string, string>;
      switch (target) {
        case 'AWSStepFunctions.StartExecution': {
          const started = this.start(
            input.stateMachineArn ?? '',
            input.name ?? crypto.randomUUID(),
            input.input ?? '{}',
          );
          return {
            status: 200,
            headers,
            body: JSON.stringify({ executionArn: started.executionArn, startDate: started.startDate / 1000 }),
          };
        }
        case 'AWSStepFunctions.DescribeExecution':
          return { status: 200, headers, body: JSON.stringify(this.describe(input.executionArn ?? '')) };
        default:
          throw new ServiceError(
            'UnknownOperationException',
            `The local Step Functions serve StartExecution and DescribeExecution, not ${target}`,
          );
      }
    } catch (error) {
      if (error instanceof ServiceError)
        return { status: 400, headers, body: JSON.stringify({ __type: error.type, message: error.message }) };
      throw error;
    }
  }
}

function collectRetrying(definition: Json): Set<string> {
  const names = new Set<string>();
  const walk = (machine: Json) => {
    for (const [name, state] of Object.entries((machine.States ?? {}) as Record<string, Json>)) {
      if (state.Retry) names.add(name);
      for (const branch of (state.Branches ?? []) as Json[]) walk(branch);
      if (state.Iterator) walk(state.Iterator as Json);
      if (state.ItemProcessor) walk(state.ItemProcessor as Json);
    }
  };
  walk(definition);
  return names;
}
