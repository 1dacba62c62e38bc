/**
 * The security matrix: every route of the manifest, called by every role, answers what its rule
 * says; a refused call changes nothing in the table or the buckets. And the same answer: a route
 * asked about a hidden family's, member's or upload's id answers every role that may not see it
 * exactly as it answers an unknown id, byte for byte (no 403 where an unknown id gets 404).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../lambdas/routes';
import { call } from '../support/api';
import { snapshotStorage } from '../support/fixtures';
import { stack } from '../support/env';
import { forgetWriteRates } from '../support/write-rates';
import { ROLES, buildWorld, unknownTarget, type World } from './roles';
import { AUDITS, NO_HIDDEN_ID, rules } from './rules';

/** How many audit entries the table holds (every church's): their sort keys, AUDIT#<at>#<entryId>. */
const auditEntries = (storage: string) => storage.match(/"AUDIT#\d{4}-/g)?.length ?? 0;

describe('security matrix', () => {
  it('has a rule for every route and only for routes, with the manifest’s access', () => {
    const operations = routes.map((r) => r.operation).sort();
    expect(Object.keys(rules).sort()).toEqual(operations);
    for (const route of routes) expect(rules[route.operation].access, route.operation).toBe(route.access);
    const writes = routes.filter((r) => r.method !== 'GET').map((r) => r.operation);
    expect(Object.keys(AUDITS).sort()).toEqual(writes.sort());
  });

  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  const cases = routes.flatMap((route) => ROLES.map((role) => [route.operation, role] as const));
  it.each(cases)('%s as %s', async (operation, role) => {
    const rule = rules[operation];
    // Hundreds of writes a minute to one church: its write rate would refuse them (church-limits.test.ts proves it).
    await forgetWriteRates(stack.env.TABLE_NAME!, [world.church.orgId, world.other.orgId]);
    const request = await rule.request(world);
    const before = await snapshotStorage();
    const answer = await call(operation, { token: world.tokens[role], ...request });
    expect(answer.status, JSON.stringify(answer.body)).toBe(rule.expect[role]);
    if (answer.status >= 400) expect(await snapshotStorage()).toBe(before);
    const audits = AUDITS[operation] ?? 0;
    if (answer.status === 200 && audits !== 'its job') {
      const added = auditEntries(await snapshotStorage()) - auditEntries(before);
      expect([audits].flat(), `audit entries added by ${operation}`).toContain(added);
    }
    if (answer.status === 200 && rule.settle) await rule.settle(world, answer.body);
  });

  it('asks every route that takes a family’s, member’s or upload’s id about a hidden and an unknown one', () => {
    const asked = routes.filter((r) => rules[r.operation].about).map((r) => r.operation);
    expect(asked.length).toBeGreaterThanOrEqual(10);
    for (const route of routes)
      expect(NO_HIDDEN_ID.has(route.operation) !== asked.includes(route.operation)).toBe(true);
  });

  // Administrators see the hidden family; every other role may not.
  const same = routes
    .filter((route) => rules[route.operation].about)
    .flatMap((route) => ROLES.filter((role) => role !== 'admin').map((role) => [route.operation, role] as const));
  it.each(same)('%s as %s: a hidden id and an unknown id get the same answer', async (operation, role) => {
    const about = rules[operation].about!;
    const before = await snapshotStorage();
    const hidden = await call(operation, { token: world.tokens[role], ...about(world.hidden) });
    const unknown = await call(operation, { token: world.tokens[role], ...about(unknownTarget()) });
    expect(hidden.status, hidden.text).toBe(unknown.status);
    expect(hidden.text).toBe(unknown.text);
    expect(hidden.status).toBeGreaterThanOrEqual(400);
    expect(await snapshotStorage()).toBe(before);
  });
});
