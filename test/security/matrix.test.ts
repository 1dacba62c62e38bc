/**
 * The security matrix: every route of the manifest, called by every role, answers what its rule
 * says; a refused call changes nothing in the table or the buckets.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../lambdas/routes';
import { call } from '../support/api';
import { snapshotStorage } from '../support/fixtures';
import { ROLES, buildWorld, type World } from './roles';
import { rules } from './rules';

describe('security matrix', () => {
  it('has a rule for every route and only for routes, with the manifest’s access', () => {
    const operations = routes.map((r) => r.operation).sort();
    expect(Object.keys(rules).sort()).toEqual(operations);
    for (const route of routes) expect(rules[route.operation].access, route.operation).toBe(route.access);
  });

  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  const cases = routes.flatMap((route) => ROLES.map((role) => [route.operation, role] as const));
  it.each(cases)('%s as %s', async (operation, role) => {
    const rule = rules[operation];
    const request = await rule.request(world);
    const before = await snapshotStorage();
    const answer = await call(operation, { token: world.tokens[role], ...request });
    expect(answer.status, JSON.stringify(answer.body)).toBe(rule.expect[role]);
    if (answer.status >= 400) expect(await snapshotStorage()).toBe(before);
    if (answer.status === 200 && rule.settle) await rule.settle(world, answer.body);
  });
});
