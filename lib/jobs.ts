import path from 'node:path';
import { ArnFormat, Duration, RemovalPolicy, Stack, Token } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct, type IConstruct } from 'constructs';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { SfnStateMachine } from 'aws-cdk-lib/aws-events-targets';
import { jobs, type JobDef, type JobName, type TaskDef } from '../lambdas/tasks/manifest';
import type { EnvName } from '../lambdas/platform/env';
import type { JobsAction } from '../lambdas/routes';
import { makeLambda, PROJECT_ROOT, shipFiles } from './lambda-function';
import { grantData, grantGeocode, grantMail } from './grants';
import { acknowledge, logicalId, shownAttribute } from './nag';
import { JOB_TASK_RESERVED, reservesConcurrency } from './limits';

export const JOBS_DIR = path.join(PROJECT_ROOT, 'lambdas', 'tasks');

/** One task's run: a page and its batch, well inside the Task state's TimeoutSeconds (300). */
export const TASK_TIMEOUT_SECONDS = 290;

export interface JobsProps {
  readonly table: ITable;
  readonly userPool: IUserPool;
  readonly photos: IBucket;
  readonly exports: IBucket;
  /** The operator's address: the deletion never deletes the operator's own account. */
  readonly superAdminEmail: string;
  /** The SES sender for our own mails; without it tasks that use `mail` get no SES permission. */
  readonly mailFrom?: string;
}

/**
 * The long jobs (integrity report, organisation deletion), made by iterating
 * lambdas/tasks/manifest.ts: per job, one Lambda per task (least-privilege role from the task's
 * `uses`) and a Standard state machine loaded from the same ASL file the local stack runs, its
 * `${...}` variables substituted with those Lambdas' ARNs; all events logged, X-Ray tracing on.
 */
export class Jobs extends Construct {
  readonly stateMachines = new Map<JobName, StateMachine>();
  /** `<job>.<substitution variable>` → task Lambda. */
  readonly functions = new Map<string, NodejsFunction>();

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    for (const [job, def] of Object.entries(jobs) as [JobName, (typeof jobs)[JobName]][]) {
      const jobScope = new Construct(this, job);
      const substitutions: Record<string, string> = {};
      const taskFunctions: NodejsFunction[] = [];
      for (const [variable, task] of Object.entries(def.tasks) as [string, TaskDef][]) {
        const fn = this.makeFunction(jobScope, variable.replace(/FunctionArn$/, ''), task, props);
        this.grant(fn, task, props);
        substitutions[variable] = fn.functionArn;
        taskFunctions.push(fn);
        this.functions.set(`${job}.${variable}`, fn);
      }

      const logs = new LogGroup(jobScope, 'ExecutionLogs', {
        // CloudWatch Logs resource policies for Step Functions want the /aws/vendedlogs/ prefix.
        logGroupName: `/aws/vendedlogs/states/${Stack.of(this).stackName}-${job}`,
        retention: RetentionDays.THREE_MONTHS,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      const machine = new StateMachine(jobScope, 'StateMachine', {
        stateMachineType: StateMachineType.STANDARD,
        comment: def.description,
        definitionBody: DefinitionBody.fromFile(path.join(JOBS_DIR, def.definition)),
        definitionSubstitutions: substitutions,
        // Every state's events, so an operator sees which step failed and its error; never the data
        // passed between states, which holds church ids, job options and page cursors of member data.
        logs: { destination: logs, level: LogLevel.ALL, includeExecutionData: false },
        tracingEnabled: true,
        // A deletion or report of any size finishes in hours; a stuck one must not run for a year.
        timeout: Duration.hours(24),
      });
      for (const fn of taskFunctions) {
        fn.grantInvoke(machine);
        acknowledge(
          machine.role,
          'The state machine invokes its own task Lambdas; CDK grants lambda:InvokeFunction on each function ARN and its versions/aliases (<arn>:*).',
          `AwsSolutions-IAM5[Resource::<${logicalId(fn)}.Arn>:*]`,
        );
      }
      acknowledge(
        machine.role,
        'Step Functions log delivery (logs:CreateLogDelivery etc.) and X-Ray tracing (xray:PutTraceSegments etc.) support only Resource "*" (AWS documentation); CDK adds exactly these for LogLevel.ALL and tracingEnabled.',
        'AwsSolutions-IAM5[Resource::*]',
      );
      const { everyHours } = def as JobDef;
      if (everyHours) {
        // EventBridge starts the job with an empty input; the target's role may start this machine only.
        new Rule(jobScope, 'Schedule', {
          description: `Starts ${job} every ${everyHours} hours`,
          schedule: Schedule.rate(Duration.hours(everyHours)),
          targets: [new SfnStateMachine(machine)],
        });
      }
      this.stateMachines.set(job, machine);
    }
    this.grantStarts();
  }

  /** A task that starts another job may start that one alone, and learns its state machine's ARN. */
  private grantStarts(): void {
    for (const [job, def] of Object.entries(jobs) as [JobName, JobDef][])
      for (const [variable, task] of Object.entries(def.tasks))
        for (const started of task.uses.starts ?? []) {
          const fn = this.functions.get(`${job}.${variable}`)!;
          const machine = this.stateMachines.get(started)!;
          fn.addToRolePolicy(
            new PolicyStatement({ actions: ['states:StartExecution'], resources: [machine.stateMachineArn] }),
          );
          fn.addEnvironment(jobs[started].stateMachineEnv, machine.stateMachineArn);
        }
  }

  /** The tasks that mail learn the site's URL (for links in mails) once CloudFront exists. */
  setAppUrl(url: string): void {
    for (const [key, fn] of this.functions) {
      const [job, variable] = key.split('.') as [JobName, string];
      if ((jobs[job] as JobDef).tasks[variable]?.uses.mail) fn.addEnvironment('APP_URL', url);
    }
  }

  /** Every task Lambda by `<job>-<task>` (orgDeletion-DeletePage), the names the bench and the alarms use. */
  functionsByName(): Map<string, NodejsFunction> {
    return new Map(
      [...this.functions].map(([key, fn]) => [key.replace('.', '-').replace(/FunctionArn$/, ''), fn] as const),
    );
  }

  /** The variables that carry each state machine's ARN to the handlers that start jobs. */
  environment(): Partial<Record<EnvName, string>> {
    return Object.fromEntries(
      (Object.entries(jobs) as [JobName, (typeof jobs)[JobName]][]).map(([job, def]) => [
        def.stateMachineEnv,
        this.stateMachines.get(job)!.stateMachineArn,
      ]),
    );
  }

  /** The given Step Functions actions: starting any job, or reading its executions. */
  grantJobActions(grantee: IGrantable & IConstruct, actions: readonly JobsAction[]): void {
    // The grantee's stack: pseudo parameters (account, partition) are the consumer's own.
    const stack = Stack.of(grantee);
    const machines = [...this.stateMachines.values()];
    if (actions.includes('states:StartExecution')) {
      grantee.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({ actions: ['states:StartExecution'], resources: machines.map((m) => m.stateMachineArn) }),
      );
    }
    if (actions.includes('states:DescribeExecution')) {
      grantee.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['states:DescribeExecution'],
          resources: machines.map((m) =>
            stack.formatArn({
              service: 'states',
              resource: 'execution',
              resourceName: `${m.stateMachineName}:*`,
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          ),
        }),
      );
    }
  }

  /** The cdk-nag IAM5 finding ids of grantJobActions' DescribeExecution execution wildcard, one per state machine. */
  executionArnFindings(consumer: IConstruct): string[] {
    // cdk-nag prints a resolved pseudo parameter as its value, an unresolved one as <AWS::Name>.
    const stack = Stack.of(consumer);
    const shown = (value: string, name: string) => (Token.isUnresolved(value) ? `<AWS::${name}>` : value);
    const prefix = `arn:${shown(stack.partition, 'Partition')}:states:${shown(stack.region, 'Region')}:${shown(stack.account, 'AccountId')}`;
    return [...this.stateMachines.values()].map(
      (m) => `AwsSolutions-IAM5[Resource::${prefix}:execution:${shownAttribute(consumer, m, 'Name')}:*]`,
    );
  }

  private makeFunction(scope: Construct, name: string, task: TaskDef, props: JobsProps): NodejsFunction {
    const environment: Partial<Record<EnvName, string>> = {
      TABLE_NAME: props.table.tableName,
      USER_POOL_ID: props.userPool.userPoolId,
      PHOTOS_BUCKET: props.photos.bucketName,
      EXPORTS_BUCKET: props.exports.bucketName,
      SUPER_ADMIN_EMAIL: props.superAdminEmail,
      ...(task.uses.mail && props.mailFrom ? { MAIL_FROM: props.mailFrom } : {}),
    };
    return makeLambda(scope, name, {
      entry: path.join(JOBS_DIR, `${task.entry}.ts`),
      description: task.description,
      roleDescription: `Lambda role for job task ${task.entry}`,
      // sharp makes several photos' renditions at once (lambdas/photos/photo-backfill.ts).
      memorySize: task.memoryMb ?? (task.nativeModules?.includes('sharp') ? 2048 : 1024),
      timeout: Duration.seconds(TASK_TIMEOUT_SECONDS),
      environment: environment as Record<string, string>,
      reservedConcurrency: reservesConcurrency(scope) ? (task.reservedConcurrency ?? JOB_TASK_RESERVED) : undefined,
      nativeModules: task.nativeModules,
      commandHooks: task.files?.length ? shipFiles(task) : undefined,
    });
  }

  private grant(fn: NodejsFunction, task: TaskDef, props: JobsProps): void {
    const { uses } = task;
    grantData(fn, uses, props);
    if (uses.mail && props.mailFrom) grantMail(fn, props.mailFrom);
    if (uses.geocode) grantGeocode(fn);
    if (uses.userPool?.length) {
      fn.addToRolePolicy(new PolicyStatement({ actions: [...uses.userPool], resources: [props.userPool.userPoolArn] }));
    }
  }
}
