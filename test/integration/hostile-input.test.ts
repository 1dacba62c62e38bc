/**
 * Hostile input on every write route, property-based (issue 7): bodies made from a valid one by
 * a few mutations (wrong JSON types, fields removed, smuggled `orgId`/`admin`/`__proto__` keys,
 * 10,000 characters, control characters, lone surrogates, markup, bad dates, unicode), bodies
 * that are not JSON, and path ids that are garbage, huge or another church's.
 *
 * The property, per request: the answer is a success or a 4xx with one of the callable-function
 * error codes and a message, never a 5xx. A refusal changes nothing (table, photo and export
 * objects, Cognito account). A success reads back through the API exactly as sent after the
 * contract's normalisation, in the caller's church, and grants no admin.
 *
 * The public reads (anyone may call them, without a token) are sent garbage path ids: each answers
 * them, where the front door lets them through, byte for byte as it answers an unknown id (a
 * malformed id is no 400 and no 5xx), and writes nothing.
 *
 * What each route is sent and how it reads back: test/support/hostile-routes.ts; the hostile
 * values: test/support/hostile.ts. The answers per route and status are printed at the end.
 * Deterministic by default; HOSTILE_SEED=<n> explores other cases, HOSTILE_RUNS=<factor> scales
 * the runs (the table-driven *-bad-input tests keep the named cases).
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeResult } from '../../lambdas/contract/api';
import { ERROR_STATUS, type ErrorCode } from '../../lambdas/contract/errors';
import { s3 } from '../../lambdas/platform/aws/s3';
import { routes } from '../../lambdas/routes';
import { call, type Answer } from '../support/api';
import { stack } from '../support/env';
import {
  addFamilyVia,
  createAccountIn,
  createChurch,
  memberAccountIn,
  snapshotTable,
  unique,
} from '../support/fixtures';
import { forgetWriteRates } from '../support/write-rates';
import {
  bodyFrom,
  bodyRecipe,
  garbageId,
  HTML_PAYLOADS,
  UNICODE_SAMPLES,
  type BodyRecipe,
  type BodyShape,
} from '../support/hostile';
import {
  addGroupIn,
  newMemberIn,
  hostileRoutes,
  read,
  type RouteCase,
  type Sent,
  type World,
} from '../support/hostile-routes';
import { superAdminIn } from '../support/jobs';

const SEED = Number(process.env.HOSTILE_SEED ?? 20_261_121);
const SCALE = Number(process.env.HOSTILE_RUNS ?? 1);
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));

/** A case's request: the body recipe and, per path parameter, null for the valid id or another value. */
interface Request {
  body: BodyRecipe;
  params: Record<string, string | null>;
}

async function objectKeys(bucket: string): Promise<string[]> {
  const keys: string[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key!));
    ContinuationToken = page.NextContinuationToken;
  } while (ContinuationToken);
  return keys.sort();
}

/** The table and the photo and export objects, compared before and after a refused request. */
async function snapshotStores(): Promise<string> {
  const [table, photos, exports] = await Promise.all([
    snapshotTable(),
    objectKeys(stack.env.PHOTOS_BUCKET!),
    objectKeys(stack.env.EXPORTS_BUCKET!),
  ]);
  return JSON.stringify({ table, photos, exports });
}

/** Path segments that name no route. */
const ROUTELESS = ['', '.', '..'];
/** API Gateway's own limit on a request line; the local gateway (Node) refuses past 16 KB of headers. */
const MAX_URL_BYTES = 8192;

/**
 * What the front door (API Gateway, lib/local/gateway.ts locally) answers by itself before any
 * handler runs: a path that names no route, or a URL too long to take.
 */
function frontDoorAnswer(answer: Answer, params: Record<string, string>): boolean {
  const segments = Object.values(params);
  if (segments.some((p) => ROUTELESS.includes(p)) && answer.status === 404 && answer.body.message === 'Not Found')
    return true;
  const urlBytes = segments.reduce((n, p) => n + encodeURIComponent(p).length, 0);
  return urlBytes > MAX_URL_BYTES && (answer.status === 414 || answer.status === 431);
}

/** Answers per operation and status, printed at the end. */
const tally = new Map<string, Record<number, number>>();

function expectClearAnswer(answer: Answer, params: Record<string, string>) {
  const where = JSON.stringify(answer.body).slice(0, 300);
  if (answer.status === 200 || frontDoorAnswer(answer, params)) return;
  expect(answer.status, where).toBeGreaterThanOrEqual(400);
  expect(answer.status, where).toBeLessThan(500);
  const code = answer.body.error?.code as ErrorCode | undefined;
  expect(code && ERROR_STATUS[code], where).toBe(answer.status);
  expect(answer.body.error?.message, where).toMatch(/\S/);
}

function parsed(raw: string): Sent {
  try {
    const value: unknown = JSON.parse(raw || '{}');
    return value && typeof value === 'object' ? (value as Sent) : {};
  } catch {
    return {};
  }
}

async function runCase(w: World, route: RouteCase, request: Request): Promise<void> {
  const t = await route.arrange?.(w);
  const valid = route.params?.valid(w, t) ?? {};
  const params = Object.fromEntries(Object.entries(valid).map(([name, id]) => [name, request.params[name] ?? id]));
  // A copy of the recipe: bodyFrom sets keys inside the values it puts in the body, and a value from
  // fc.constantFrom (an object of hostile.ts or of a case) is the same object in every run.
  const raw = bodyFrom(route.valid?.(w, t) ?? {}, JSON.parse(JSON.stringify(request.body)) as BodyRecipe);
  const before = await snapshotStores();
  const answer = await call(route.operation, { token: route.token(w, t), rawBody: raw, params });
  const counts = tally.get(route.operation) ?? {};
  counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  tally.set(route.operation, counts);

  expectClearAnswer(answer, params);
  const outcome = { w, t, sent: parsed(raw), answer };
  if (answer.status === 200) await route.accepted(outcome);
  else await route.refused?.(outcome);
  if (answer.status !== 200 || route.readOnly)
    expect(await snapshotStores(), `${answer.status} ${JSON.stringify(answer.body)}`).toBe(before);
}

function requestArbitrary(w: World, route: RouteCase): fc.Arbitrary<Request> {
  const shape: BodyShape = {
    fields: {},
    ...route.shape?.(w),
    smuggled: fc.constantFrom(
      w.other.orgId,
      true,
      'true',
      w.adminUserId,
      { admin: true, orgId: w.other.orgId },
      ...HTML_PAYLOADS,
      ...UNICODE_SAMPLES,
    ),
  };
  const others = route.params?.others(w) ?? {};
  const params = Object.fromEntries(
    Object.entries(others).map(([name, ids]) => [
      name,
      fc.oneof(
        { weight: 4, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom(...ids) },
        { weight: 2, arbitrary: garbageId },
      ),
    ]),
  );
  return fc.record({
    body: bodyRecipe(shape),
    params: fc.record(params) as fc.Arbitrary<Record<string, string | null>>,
  });
}

let w: World;
beforeAll(async () => {
  const main = await createChurch();
  const family = await addFamilyVia(main.adminToken);
  const { groupId } = await addGroupIn(main.adminToken);
  expect(
    (
      await call('addRole', {
        token: main.adminToken,
        params: { groupId },
        body: { memberId: family.memberId, label: 'Greeter' },
      })
    ).status,
  ).toBe(200);
  const plainEmail = `${unique('plain')}@example.org`;
  await newMemberIn(main.adminToken, plainEmail);
  const plain = await createAccountIn(main.orgId, { email: plainEmail });
  const user = await createAccountIn(main.orgId);
  const me = await read<MeResult>('getMe', main.adminToken);

  const other = await createChurch();
  const theirs = await addFamilyVia(other.adminToken);
  const theirGroup = await addGroupIn(other.adminToken);
  const theirUser = await createAccountIn(other.orgId);
  const superAdmin = await superAdminIn(other.orgId);

  const privacyFamily = await addFamilyVia(main.adminToken);
  const second = await call<{ id: string }>('addMember', {
    token: main.adminToken,
    body: {
      familyId: privacyFamily.familyId,
      name: 'Tabitha',
      birthday: '11/02',
      cellphone: '919-555-0101',
      email: `${unique('tabitha')}@example.org`,
    },
  });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  const viewer = await memberAccountIn(main);
  w = {
    main,
    adminUserId: me.userId,
    family,
    groupId,
    plain,
    user,
    other: {
      ...other,
      familyId: theirs.familyId,
      memberId: theirs.memberId,
      groupId: theirGroup.groupId,
      userId: theirUser.userId,
    },
    superToken: superAdmin.token,
    privacyFamily: { familyId: privacyFamily.familyId, memberIds: [privacyFamily.memberId, second.body.id] },
    viewer: { token: viewer.token },
  };
});

afterAll(() => {
  const rows = [...tally].map(
    ([operation, counts]) =>
      `${operation}: ${Object.entries(counts)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
  );
  const total = [...tally.values()].reduce((sum, counts) => sum + Object.values(counts).reduce((a, b) => a + b, 0), 0);
  console.log(`hostile input (seed ${SEED}): ${total} requests\n${rows.join('\n')}`);
});

describe('the hostile cases', () => {
  // A write route added to the manifest without a case here would never be sent hostile input.
  it("are the manifest's write routes, each once", () => {
    const writes = routes.filter((r) => r.method !== 'GET').map((r) => r.operation);
    expect(hostileRoutes.map((c) => c.operation).sort()).toEqual([...writes].sort());
  });
});

/** The manifest's public reads that take ids in their path: anyone may send them garbage, without a token. */
const publicReads = routes.filter((r) => r.access === 'public' && r.method === 'GET' && r.path.includes('{'));

describe('every public read answers garbage ids in its path as it answers an unknown id, and writes nothing', () => {
  it('include the sign-up page’s church', () => {
    expect(publicReads.map((r) => r.operation)).toContain('getOrganizationName');
  });

  it.each(publicReads.map((r) => [r.operation, r] as const))(
    '%s',
    async (operation, route) => {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const unknown = await call(operation, {
        params: Object.fromEntries(names.map((name) => [name, '00000000-0000-4000-8000-000000000000'])),
      });
      expect(unknown.status, unknown.text).toBe(404);
      const before = await snapshotStores();
      await fc.assert(
        fc.asyncProperty(fc.record(Object.fromEntries(names.map((name) => [name, garbageId]))), async (params) => {
          const answer = await call(operation, { params });
          const counts = tally.get(operation) ?? {};
          counts[answer.status] = (counts[answer.status] ?? 0) + 1;
          tally.set(operation, counts);
          expectClearAnswer(answer, params);
          if (!frontDoorAnswer(answer, params)) expect(answer.text, JSON.stringify(params)).toBe(unknown.text);
        }),
        { numRuns: runs(60), seed: SEED },
      );
      expect(await snapshotStores()).toBe(before);
    },
    600_000,
  );
});

describe('every write route answers hostile input with a success or a clear 4xx, and a refusal writes nothing', () => {
  it.each(hostileRoutes.map((c) => [c.operation, c] as const))(
    '%s',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(w, route), async (request) => {
          // Hundreds of writes a minute to one church: its write rate would refuse them (church-limits.test.ts).
          await forgetWriteRates(stack.env.TABLE_NAME!, [w.main.orgId, w.other.orgId]);
          return runCase(w, route, request);
        }),
        { numRuns: runs(route.runs), seed: SEED },
      );
    },
    600_000,
  );
});
