/**
 * The limits (lib/limits.ts): every route has its own throttle, sized by its load class in the
 * manifest; the account functions and every job task have reserved concurrency, unless the deploy
 * says `reservedConcurrency=off`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../lambdas/routes';
import { jobs, type JobName, type TaskDef } from '../../lambdas/tasks/manifest';
import { JOB_TASK_RESERVED, loadOf, ROUTE_LIMITS, STAGE_LIMIT } from '../../lib/limits';
import { resourcesOf, synthDirectory, logicalIdOf } from './support';

let s: ReturnType<typeof synthDirectory>;
let resources: Record<string, any>;
const id = logicalIdOf;

beforeAll(() => {
  s = synthDirectory();
  resources = s.template.toJSON().Resources;
});

describe('limits', () => {
  it('gives every route a throttle of its load class, no route above the stage', () => {
    const [[, stage]] = resourcesOf(s.template, 'AWS::ApiGatewayV2::Stage') as [[string, any]];
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: STAGE_LIMIT.rate,
      ThrottlingBurstLimit: STAGE_LIMIT.burst,
    });
    const settings = stage.Properties.RouteSettings;
    expect(Object.keys(settings).sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
    for (const route of routes) {
      const limit = ROUTE_LIMITS[loadOf(route)];
      expect(settings[`${route.method} ${route.path}`], route.operation).toEqual({
        ThrottlingRateLimit: limit.rate,
        ThrottlingBurstLimit: limit.burst,
      });
      expect(limit.rate).toBeLessThanOrEqual(STAGE_LIMIT.rate);
    }
    // The account and the job routes are the tight ones.
    expect(loadOf(routes.find((r) => r.operation === 'startDirectoryBook')!)).toBe('job');
    for (const op of ['registerOrganization', 'newUser', 'finishSignUp', 'finishRegistration'])
      expect(loadOf(routes.find((r) => r.operation === op)!), op).toBe('account');
  });

  it('reserves concurrency for the account functions and every job task, and for no other route', () => {
    for (const route of routes) {
      const reserved =
        resources[id(s.stack.api.functions.get(route.operation)!)].Properties.ReservedConcurrentExecutions;
      expect(reserved, route.operation).toBe(ROUTE_LIMITS[loadOf(route)].reserved);
    }
    for (const [key, fn] of s.stack.jobs.functions) {
      const [job, variable] = key.split('.') as [JobName, string];
      const task: TaskDef = jobs[job].tasks[variable as keyof (typeof jobs)[JobName]['tasks']];
      expect(resources[id(fn)].Properties.ReservedConcurrentExecutions, key).toBe(
        task.reservedConcurrency ?? JOB_TASK_RESERVED,
      );
    }
  });

  it('deploys without reserved concurrency when told to (an account with a small concurrency quota)', () => {
    const off = synthDirectory({}, { reservedConcurrency: 'off' });
    for (const [, fn] of resourcesOf(off.template, 'AWS::Lambda::Function'))
      expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
  });
});
