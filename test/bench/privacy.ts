/**
 * Bench module: what the visibility rule (lambdas/domain/visibility.ts) costs the reads it guards,
 * on a generated church of 1,000 families and 4,000 members with 100 groups of 10, against the
 * real local stack.
 *
 * The viewer is a member (linked to a member who is in three groups), so every rule applies.
 * Two church settings: `open` (every field shared with everyone, as a church that never chose)
 * and `groups` (every field for the person's groups only, so the reads must work out who shares
 * a group with the viewer). The administrator's reads are the reference: they receive everything,
 * so for them the rule only hides nothing.
 *
 *  - privacy.<read>.member_<setting>.ddb_requests: DynamoDB requests behind one call (ddbCounter.ts);
 *    privacy.<read>.admin.ddb_requests beside them.
 *  - privacy.<read>.member_<setting>.p50_ms, privacy.<read>.admin.p50_ms: median of interleaved runs.
 *  - privacy.<read>.member_groups_over_admin: the filter's share of the API time.
 *
 * The smoke run (size `smoke`): 40 families, 5 groups of 4, two runs each.
 */
import { newRole } from '../../lambdas/directory/newRecords';
import { generateDirectory, seedDirectory } from './church';
import { countDdbRequests } from './ddbCounter';
import { median, type BenchModule, type BenchSize, type Metric } from './metrics';
import { linkedAccount, registerChurch, signInLocal, withLocalStack, type BenchStack } from './stack';

const SEED = 20260012;

interface PrivacySize {
  families: number;
  groups: number;
  groupSize: number;
  /** The groups the viewer is in (three). */
  viewerGroups: readonly number[];
  warmUps: number;
  runs: number;
}

const SIZES: Record<BenchSize, PrivacySize> = {
  full: { families: 1000, groups: 100, groupSize: 10, viewerGroups: [10, 20, 30], warmUps: 3, runs: 15 },
  smoke: { families: 40, groups: 5, groupSize: 4, viewerGroups: [1, 2, 3], warmUps: 1, runs: 2 },
};
const ADMIN = { email: 'admin@privacy.bench', password: 'bench-admin-1' };
const MEMBER = { email: 'member@privacy.bench', password: 'bench-member-1' };

export const privacy: BenchModule = {
  name: 'privacy',
  async run({ tmpDir, log, size }) {
    return withLocalStack(tmpDir, (stack) => measure(stack, SIZES[size], log));
  },
};

async function measure(stack: BenchStack, sized: PrivacySize, log: (message: string) => void): Promise<Metric[]> {
  const { batchPutAll } = await import('../../lambdas/core/repos/batch');
  const { roleItem } = await import('../../lambdas/directory/repos/items');
  const { withGroupMarks } = await import('../../lambdas/groups/repos/groupMarks');
  const { OPEN_LEVELS, SHARED_KEYS } = await import('../../lambdas/contract/privacy');
  const table = stack.config.tableName;

  const orgId = await registerChurch(stack.url, stack.pool, 'Privacy Bench Church', ADMIN);
  const { families, members } = generateDirectory(orgId, sized.families, SEED);
  // 100 groups of 10 members in a full run (their roles, and the marks they leave on members and
  // families, as the domain writes them); the viewer is in three.
  const stamp = new Date().toISOString();
  const role = (member: (typeof members)[number], groupId: string) =>
    newRole(member, { groupId, groupName: groupId }, null, stamp);
  const roles = Array.from({ length: sized.groups * sized.groupSize }, (_, i) =>
    role(members[(i * 7) % members.length]!, `bench-group-${Math.floor(i / sized.groupSize)}`),
  );
  const viewer = members[0]!;
  for (const g of sized.viewerGroups) roles.push(role(viewer, `bench-group-${g}`));
  await seedDirectory(table, orgId, withGroupMarks(families, members, roles));
  await batchPutAll(table, roles.map(roleItem));

  await linkedAccount(stack, orgId, viewer, MEMBER);
  const tokens = {
    admin: await signInLocal(stack.pool, ADMIN.email, ADMIN.password),
    member: await signInLocal(stack.pool, MEMBER.email, MEMBER.password),
  };
  const request = async (token: string, pathAndQuery: string, init: RequestInit = {}) => {
    const response = await fetch(`${stack.url}${pathAndQuery}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${pathAndQuery}: ${response.status} ${text.slice(0, 300)}`);
    return text;
  };
  const setDefaults = (levels: Record<string, string>) =>
    request(tokens.admin, '/api/privacy', { method: 'PUT', body: JSON.stringify({ levels }) });
  const ALL_GROUPS = Object.fromEntries(SHARED_KEYS.map((k) => [k, 'groups']));

  const month = new Date().getMonth() + 1;
  const reads = { families: '/api/families', dashboard: `/api/dashboard?month=${month}` };
  const metrics: Metric[] = [];
  const time = async (token: string, path: string) => {
    const t0 = performance.now();
    await request(token, path);
    return performance.now() - t0;
  };

  for (const [read, path] of Object.entries(reads)) {
    const counts: Record<string, number> = {};
    const runs: Record<string, number[]> = { admin: [], member_open: [], member_groups: [] };
    for (const [setting, levels] of [
      ['open', OPEN_LEVELS],
      ['groups', ALL_GROUPS],
    ] as const) {
      await setDefaults(levels);
      const counter = await countDdbRequests((p) => request(tokens.member, p), log);
      try {
        await request(tokens.member, path);
        counts[`member_${setting}`] = (await counter.count(path)).requests;
      } finally {
        counter.stop();
      }
      for (let i = 0; i < sized.warmUps; i++) await request(tokens.member, path);
      // Interleaved with the administrator's reads, so drift in machine load falls on both alike.
      for (let i = 0; i < sized.runs; i++) {
        runs[`member_${setting}`]!.push(await time(tokens.member, path));
        runs.admin!.push(await time(tokens.admin, path));
      }
    }
    const adminCounter = await countDdbRequests((p) => request(tokens.admin, p), log);
    try {
      counts.admin = (await adminCounter.count(path)).requests;
    } finally {
      adminCounter.stop();
    }
    for (const [who, n] of Object.entries(counts))
      metrics.push({ name: `privacy.${read}.${who}.ddb_requests`, value: n, unit: 'requests', budget: null });
    for (const [who, samples] of Object.entries(runs))
      metrics.push({ name: `privacy.${read}.${who}.p50_ms`, value: median(samples), unit: 'ms', budget: null });
    const ratio = median(runs.member_groups!) / median(runs.admin!);
    metrics.push({ name: `privacy.${read}.member_groups_over_admin`, value: ratio, unit: 'x', budget: null });
    log(
      `${read}: member (open) ${median(runs.member_open!).toFixed(1)} ms, member (groups) ${median(runs.member_groups!).toFixed(1)} ms, admin ${median(runs.admin!).toFixed(1)} ms`,
    );
  }
  await setDefaults(OPEN_LEVELS);
  return metrics;
}
