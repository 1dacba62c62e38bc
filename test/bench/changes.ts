/**
 * Bench module: the audit trail and change approval (issue 33), against the real local stack, on
 * a church of 200 families (40 for the smoke run).
 *
 *  - changes.audit.items_per_write: audit items each write route adds (updateFamily,
 *    updateMember, setFamilyPrivacy, addRole), the most of them: budget 1.
 *  - changes.audit.write_overhead_pct: what the entry's Put adds to a family write: the same
 *    TransactWriteItems as updateFamily's (the family and its search words) with and without the
 *    entry, sent straight to DynamoDB interleaved, the difference of their medians as a share of
 *    updateFamily's median API time: budget 15 %.
 *  - changes.update_family.p50_ms: updateFamily's API time (an administrator's save).
 *  - changes.queue.ddb_requests, changes.history.ddb_requests: DynamoDB requests behind the
 *    waiting changes' page (25 waiting) and a family's history (60 entries): budget 2 each (the
 *    caller's record and one Query).
 *  - changes.queue.p50_ms, changes.history.p50_ms, changes.request.p50_ms (a family's edit sent
 *    for approval), changes.approve.p50_ms.
 */
import { randomUUID } from 'node:crypto';
import { generateDirectory, seedDirectory } from './church';
import { countDdbRequests } from './ddbCounter';
import { median, type BenchModule, type BenchSize, type Metric } from './metrics';
import { linkedAccount, registerChurch, signInLocal, withLocalStack, type BenchStack } from './stack';

const SEED = 20261128;

interface ChangesSize {
  families: number;
  /** Changes waiting in the queue, and entries in the family's history. */
  waiting: number;
  history: number;
  runs: number;
}

const SIZES: Record<BenchSize, ChangesSize> = {
  full: { families: 200, waiting: 25, history: 60, runs: 30 },
  smoke: { families: 40, waiting: 3, history: 5, runs: 2 },
};
const ADMIN = { email: 'admin@changes.bench', password: 'bench-admin-1' };
const MEMBER = { email: 'member@changes.bench', password: 'bench-member-1' };

export const changes: BenchModule = {
  name: 'changes',
  async run({ tmpDir, log, size }) {
    return withLocalStack(tmpDir, (stack) => measure(stack, SIZES[size], log));
  },
};

async function measure(stack: BenchStack, sized: ChangesSize, log: (message: string) => void): Promise<Metric[]> {
  const { queryCount } = await import('../../lambdas/core/repos/query');
  const { keys } = await import('../../lambdas/core/repos/keys');
  const { OPEN_RULES } = await import('../../lambdas/contract/changeRules');
  const orgId = await registerChurch(stack.url, stack.pool, 'Changes Bench Church', ADMIN);
  const { families, members } = generateDirectory(orgId, sized.families, SEED);
  await seedDirectory(stack.config.tableName, orgId, { families, members });
  const viewer = members[0]!;
  await linkedAccount(stack, orgId, viewer, MEMBER);
  const tokens = {
    admin: await signInLocal(stack.pool, ADMIN.email, ADMIN.password),
    member: await signInLocal(stack.pool, MEMBER.email, MEMBER.password),
  };
  const request = async <T>(token: string, pathAndQuery: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${stack.url}${pathAndQuery}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${pathAndQuery}: ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  const timed = async (work: () => Promise<unknown>) => {
    const t0 = performance.now();
    await work();
    return performance.now() - t0;
  };
  const auditCount = () =>
    queryCount({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :audit)',
      ExpressionAttributeValues: { ':pk': keys.orgPartition(orgId), ':audit': keys.auditPrefix },
    });
  const rules = (approval: boolean) =>
    request(tokens.admin, '/api/change-rules', {
      method: 'PUT',
      body: JSON.stringify({ ...OPEN_RULES, approval }),
    });
  const familyPath = `/api/families/${viewer.familyId}`;
  const family = async () => (await request<{ family: Record<string, unknown> }>(tokens.admin, familyPath)).family;
  const edit = async (token: string, changes: Record<string, unknown>) => {
    const f = await family();
    const body = {
      ...pick(f, ['surname', 'street', 'city', 'state', 'zipcode', 'phone', 'anniversary', 'version']),
      ...changes,
    };
    return request<{ requestId?: string | null }>(token, familyPath, { method: 'PUT', body: JSON.stringify(body) });
  };

  // Audit items per write route.
  const metrics: Metric[] = [];
  const groupId = (
    await request<{ groupId: string }>(tokens.admin, '/api/groups', {
      method: 'POST',
      body: JSON.stringify({ groupName: 'Bench Choir' }),
    })
  ).groupId;
  const writes: Record<string, () => Promise<unknown>> = {
    updateFamily: () => edit(tokens.admin, { city: 'Cary' }),
    updateMember: () =>
      request(tokens.admin, `/api/members/${viewer.memberId}`, {
        method: 'PUT',
        body: JSON.stringify({
          name: viewer.name,
          birthday: null,
          cellphone: '919-555-0101',
          email: null,
          version: viewer.version,
        }),
      }),
    setFamilyPrivacy: () =>
      request(tokens.member, `${familyPath}/privacy`, {
        method: 'PUT',
        body: JSON.stringify({ unlisted: false, family: { phone: 'groups' }, members: {} }),
      }),
    addRole: () =>
      request(tokens.admin, `/api/groups/${groupId}/roles`, {
        method: 'POST',
        body: JSON.stringify({ memberId: viewer.memberId }),
      }),
  };
  let most = 0;
  for (const [route, write] of Object.entries(writes)) {
    const before = await auditCount();
    await write();
    const added = (await auditCount()) - before;
    log(`${route}: ${added} audit item(s)`);
    most = Math.max(most, added);
  }
  metrics.push({ name: 'changes.audit.items_per_write', value: most, unit: 'items', budget: 1 });

  // The entry's share of a family write: the same transaction with and without it, interleaved.
  const overhead = await entryOverhead(orgId, viewer.familyId, sized.runs);
  const apiTimes: number[] = [];
  for (let i = 0; i < sized.runs; i++) apiTimes.push(await timed(() => edit(tokens.admin, { city: `Cary ${i}` })));
  const apiMs = median(apiTimes);
  const pct = ((overhead.withEntry - overhead.without) / apiMs) * 100;
  log(
    `updateFamily ${apiMs.toFixed(1)} ms; its transaction ${overhead.without.toFixed(2)} ms, with the entry ${overhead.withEntry.toFixed(2)} ms (${pct.toFixed(1)} %)`,
  );
  metrics.push(
    { name: 'changes.update_family.p50_ms', value: apiMs, unit: 'ms', budget: null },
    { name: 'changes.audit.write_overhead_pct', value: Math.max(0, pct), unit: '%', budget: 15 },
  );

  // The family's history, grown to its size by the administrator's edits.
  for (let i = apiTimes.length + 1; i < sized.history; i++)
    await edit(tokens.admin, { phone: `919-555-${String(1000 + i)}` });
  // The queue: the family's user sends edits while the church approves changes first.
  await rules(true);
  const asked: string[] = [];
  const requestTimes: number[] = [];
  for (let i = 0; i < sized.waiting; i++) {
    let answer: { requestId?: string | null } = {};
    requestTimes.push(await timed(async () => (answer = await edit(tokens.member, { city: `Apex ${i}` }))));
    asked.push(answer.requestId!);
  }
  await rules(false);
  const reads = {
    queue: '/api/change-requests',
    history: `/api/audit?subject=family:${viewer.familyId}`,
  };
  for (const [read, path] of Object.entries(reads)) {
    const counter = await countDdbRequests(
      (p) => request<unknown>(tokens.admin, p).then((b) => JSON.stringify(b)),
      log,
    );
    try {
      const { requests } = await counter.count(path);
      metrics.push({ name: `changes.${read}.ddb_requests`, value: requests, unit: 'requests', budget: 2 });
    } finally {
      counter.stop();
    }
    const samples: number[] = [];
    for (let i = 0; i < sized.runs; i++) samples.push(await timed(() => request(tokens.admin, path)));
    metrics.push({ name: `changes.${read}.p50_ms`, value: median(samples), unit: 'ms', budget: null });
  }
  // Approving: the oldest requests, each applied to the family as it now is (one approval applies; the rest are refused as changed).
  const approveTimes: number[] = [];
  const first = asked[0]!;
  approveTimes.push(
    await timed(() =>
      request(tokens.admin, `/api/change-requests/${first}`, {
        method: 'PUT',
        body: JSON.stringify({ approve: true }),
      }),
    ),
  );
  metrics.push(
    { name: 'changes.request.p50_ms', value: median(requestTimes), unit: 'ms', budget: null },
    { name: 'changes.approve.p50_ms', value: median(approveTimes), unit: 'ms', budget: null },
  );
  return metrics;
}

const pick = (from: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(names.map((n) => [n, from[n] ?? null]));

/**
 * updateFamily's transaction as its steps stand (a put of the family as it is, with its search
 * words' steps empty when the words stay), with and without the audit entry, interleaved: their
 * medians in ms.
 */
async function entryOverhead(orgId: string, familyId: string, runs: number) {
  const { readFamily } = await import('../../lambdas/directory/repos/directory');
  const { familyItem } = await import('../../lambdas/directory/repos/items');
  const { put, transact } = await import('../../lambdas/core/repos/transact');
  const { auditStep } = await import('../../lambdas/audit/trail');
  const { familyChange, familySubject } = await import('../../lambdas/directory/audited');
  const { family } = (await readFamily(orgId, familyId))!;
  const viewer = {
    orgId,
    actor: { userId: randomUUID(), email: 'bench@changes.bench', operation: 'updateFamily', requestId: null },
  };
  const without: number[] = [];
  const withEntry: number[] = [];
  for (let i = 0; i < Math.max(runs, 5); i++) {
    const next = { ...family, phone: `919-555-${String(2000 + i)}` };
    const steps = [{ action: put(familyItem(next)) }];
    let t0 = performance.now();
    await transact(orgId, steps);
    without.push(performance.now() - t0);
    t0 = performance.now();
    await transact(orgId, [...steps, auditStep(viewer, familySubject(next), [familyChange(family, next)])]);
    withEntry.push(performance.now() - t0);
  }
  return { without: median(without), withEntry: median(withEntry) };
}
