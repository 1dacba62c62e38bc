/**
 * The jobs (lib/jobs.ts): Standard state machines made from the ASL files of lambdas/jobs with
 * their substitution variables set to the task Lambdas, all events logged (without execution data), tracing on, and each
 * task Lambda granted only what its `uses` says.
 */
import { Duration } from 'aws-cdk-lib';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, type JobDef, type JobName, type TaskDef } from '../../lambdas/tasks/manifest';
import { routes, type RouteDef } from '../../lambdas/routes';
import { TASK_TIMEOUT_SECONDS } from '../../lib/jobs';
import { resourcesOf, synthDirectory, statementsOfRole, logicalIdOf } from './support';

type Synth = ReturnType<typeof synthDirectory>;
let s: Synth;
let resources: Record<string, any>;
const id = logicalIdOf;

const statementsOf = (roleId: string) => statementsOfRole(resources, roleId);

beforeAll(() => {
  s = synthDirectory();
  resources = s.template.toJSON().Resources;
});

describe('state machines', () => {
  it('has one Standard state machine per job, all events logged without their data, X-Ray tracing on, a time limit', () => {
    const machines = resourcesOf(s.template, 'AWS::StepFunctions::StateMachine');
    expect(machines).toHaveLength(Object.keys(jobs).length);
    for (const job of Object.keys(jobs) as JobName[]) {
      const machine = resources[id(s.stack.jobs.stateMachines.get(job)!)].Properties;
      expect(machine.StateMachineType).toBe('STANDARD');
      expect(machine.TracingConfiguration).toEqual({ Enabled: true });
      expect(machine.LoggingConfiguration.Level).toBe('ALL');
      expect(machine.LoggingConfiguration.IncludeExecutionData).toBe(false);
      expect(machine.LoggingConfiguration.Destinations).toHaveLength(1);
    }
  });

  it('starts each scheduled job from an EventBridge rule at its rate, whose role may start that machine only', () => {
    const rules = resourcesOf(s.template, 'AWS::Events::Rule').map(([, r]) => r.Properties);
    const scheduled = (Object.entries(jobs) as [JobName, JobDef][]).filter(([, def]) => def.everyHours);
    expect(rules).toHaveLength(scheduled.length);
    for (const [job, def] of scheduled) {
      const machine = id(s.stack.jobs.stateMachines.get(job)!);
      const rule = rules.find((r) => r.Targets[0].Arn.Ref === machine)!;
      expect(rule.ScheduleExpression).toBe(Schedule.rate(Duration.hours(def.everyHours!)).expressionString);
      expect(statementsOf(rule.Targets[0].RoleArn['Fn::GetAtt'][0])).toEqual([
        { Action: 'states:StartExecution', Effect: 'Allow', Resource: { Ref: machine } },
      ]);
    }
    expect(
      rules.find((r) => r.Targets[0].Arn.Ref === id(s.stack.jobs.stateMachines.get('accountCleanup')!))!
        .ScheduleExpression,
    ).toBe('rate(1 day)');
  });

  it('loads each ASL file with definitionSubstitutions: every variable is its task Lambda’s ARN', () => {
    for (const [job, def] of Object.entries(jobs) as [JobName, (typeof jobs)[JobName]][]) {
      const machine = resources[id(s.stack.jobs.stateMachines.get(job)!)].Properties;
      // DefinitionBody.fromFile ships the file itself as an asset (the very file the local stack runs).
      expect(machine.DefinitionS3Location ?? machine.DefinitionString).toBeDefined();
      expect(Object.keys(machine.DefinitionSubstitutions).sort()).toEqual(Object.keys(def.tasks).sort());
      for (const variable of Object.keys(def.tasks)) {
        const fn = s.stack.jobs.functions.get(`${job}.${variable}`)!;
        expect(machine.DefinitionSubstitutions[variable]).toEqual({ 'Fn::GetAtt': [id(fn), 'Arn'] });
      }
    }
  });

  it('lets each state machine invoke its own task Lambdas and nothing else', () => {
    for (const [job, def] of Object.entries(jobs) as [JobName, (typeof jobs)[JobName]][]) {
      const machine = s.stack.jobs.stateMachines.get(job)!;
      const statements = statementsOf(id(machine.role as never));
      const invoke = statements.filter((st) => [st.Action].flat().includes('lambda:InvokeFunction'));
      const targets = JSON.stringify(invoke.map((st) => st.Resource));
      for (const variable of Object.keys(def.tasks))
        expect(targets).toContain(id(s.stack.jobs.functions.get(`${job}.${variable}`)!));
      const others = [...s.stack.jobs.functions.entries()].filter(([key]) => !key.startsWith(`${job}.`));
      for (const [, fn] of others) expect(targets).not.toContain(id(fn));
      const actions = statements.flatMap((st) => [st.Action].flat());
      expect(
        actions.some((a: string) => a.startsWith('dynamodb:') || a.startsWith('s3:') || a.startsWith('cognito-idp:')),
      ).toBe(false);
    }
  });
});

describe('task Lambdas', () => {
  const tasks = () =>
    (Object.entries(jobs) as [JobName, (typeof jobs)[JobName]][]).flatMap(([job, def]) =>
      (Object.entries(def.tasks) as [string, TaskDef][]).map(([variable, task]) => ({ job, variable, task })),
    );

  it('runs each task in its own arm64 Lambda, within the Task state’s timeout', () => {
    for (const { job, variable } of tasks()) {
      const p = resources[id(s.stack.jobs.functions.get(`${job}.${variable}`)!)].Properties;
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.Timeout).toBe(TASK_TIMEOUT_SECONDS);
      expect(TASK_TIMEOUT_SECONDS).toBeLessThan(300);
      const { uses } = jobs[job].tasks[variable as never] as TaskDef;
      expect(Object.keys(p.Environment.Variables).sort()).toEqual(
        [
          'EXPORTS_BUCKET',
          'PHOTOS_BUCKET',
          'SUPER_ADMIN_EMAIL',
          'TABLE_NAME',
          'USER_POOL_ID',
          // A task that mails links to the site (this synth has no sender, so no MAIL_FROM).
          ...(uses.mail ? ['APP_URL'] : []),
          // A task that starts another job learns that job's state machine.
          ...(uses.starts ?? []).map((started) => jobs[started].stateMachineEnv),
        ].sort(),
      );
    }
  });

  it('grants each task only what its uses say', () => {
    const tableId = id(s.stack.data.table);
    const photosId = id(s.stack.storage.photos);
    const exportsId = id(s.stack.storage.exports);
    for (const { job, variable, task } of tasks()) {
      const fn = s.stack.jobs.functions.get(`${job}.${variable}`)!;
      const statements = statementsOf(id(fn.role as never));
      const actions = statements.flatMap((st) => [st.Action].flat());
      const name = `${job}.${variable}`;
      expect(actions.includes('dynamodb:Query'), name).toBe(Boolean(task.uses.table));
      expect(actions.includes('dynamodb:PutItem'), name).toBe(task.uses.table === 'readWrite');
      const s3 = JSON.stringify(
        statements.filter((st) => [st.Action].flat().some((a: string) => a.startsWith('s3:'))).map((st) => st.Resource),
      );
      expect(s3.includes(photosId), name).toBe(Boolean(task.uses.photos));
      expect(s3.includes(exportsId), name).toBe(Boolean(task.uses.exports));
      expect(
        actions.some((a: string) => a.startsWith('s3:DeleteObject')),
        name,
      ).toBe([task.uses.photos, task.uses.exports].some((use) => use === 'delete' || use === 'replace'));
      const cognito = actions.filter((a: string) => a.startsWith('cognito-idp:')).sort();
      expect(cognito, name).toEqual([...(task.uses.userPool ?? [])].sort());
      if (task.uses.table) expect(JSON.stringify(statements.map((st) => st.Resource))).toContain(tableId);
      expect(
        actions.filter((a: string) => a === '*' || a.endsWith(':*')),
        name,
      ).toEqual([]);
      // Only the jobs it starts, and only StartExecution on them.
      const states = statements.filter((st) => [st.Action].flat().some((a: string) => a.startsWith('states:')));
      const starts = task.uses.starts ?? [];
      expect([...new Set(states.flatMap((st) => [st.Action].flat()))], name).toEqual(
        starts.length ? ['states:StartExecution'] : [],
      );
      expect(
        states.flatMap((st) => [st.Resource].flat()),
        name,
      ).toEqual(
        expect.arrayContaining(starts.map((started) => ({ Ref: id(s.stack.jobs.stateMachines.get(started)!) }))),
      );
      expect(states.flatMap((st) => [st.Resource].flat()).length, name).toBe(starts.length);
    }
  });
});

describe('API routes that start jobs', () => {
  it('may start the state machines or describe their executions, as each calls; no other route may', () => {
    const byRef = (refs: { Ref: string }[]) => [...refs].sort((a, b) => a.Ref.localeCompare(b.Ref));
    const machineRefs = [...s.stack.jobs.stateMachines.values()].map((m) => ({ Ref: id(m) }));
    for (const route of routes as readonly RouteDef[]) {
      const fn = s.stack.api.functions.get(route.operation)!;
      const statements = statementsOf(id(fn.role as never));
      const start = statements.filter((st) => [st.Action].flat().includes('states:StartExecution'));
      if (!route.jobs?.length) {
        expect(
          statements.flatMap((st) => [st.Action].flat()).some((a: string) => a.startsWith('states:')),
          route.operation,
        ).toBe(false);
        continue;
      }
      const held = statements.flatMap((st) => [st.Action].flat()).filter((a: string) => a.startsWith('states:'));
      expect(held.sort(), route.operation).toEqual([...route.jobs].sort());
      // Any order: CDK sorts a statement's resources.
      if (route.jobs.includes('states:StartExecution'))
        expect(byRef([start[0].Resource].flat())).toEqual(byRef(machineRefs));
      const p = resources[id(fn)].Properties;
      for (const def of Object.values(jobs)) expect(p.Environment.Variables[def.stateMachineEnv]).toBeDefined();
    }
  });
});
