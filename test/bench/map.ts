/**
 * Bench module: the member map (issue 34), against the real local stack and its offline address
 * lookup (lib/local/geo-places.ts), on a church of 10,000 families (200 for the smoke run), with
 * one family in ten choosing an approximate location.
 *
 *  - map.locate.families_per_s: the lookup job over the whole church (the run an import or the
 *    deployment starts), families looked up and kept per second.
 *  - map.families_<n>_kb: the map's data for a member, one API call, gzipped as CloudFront sends
 *    it: budget 400 KB at 10,000 families.
 *  - map.families_<n>_raw_kb: the same answer before compression (Lambda's 6 MB answer limit).
 *  - map.ddb_requests: DynamoDB requests behind that call (the caller's record, the groups, the
 *    looked-up families' pages).
 *  - map.p50_ms: its API time.
 */
import { gzipSync } from 'node:zlib';
import { generateDirectory, seedDirectory } from './church';
import { countDdbRequests } from './ddbCounter';
import { kb, median, type BenchModule, type BenchSize, type Metric } from './metrics';
import { linkedAccount, registerChurch, signInLocal, withLocalStack, type BenchStack } from './stack';

const SEED = 20261129;
const SIZES: Record<BenchSize, { families: number; runs: number }> = {
  full: { families: 10_000, runs: 15 },
  smoke: { families: 200, runs: 2 },
};
const ADMIN = { email: 'admin@map.bench', password: 'bench-admin-1' };
const MEMBER = { email: 'member@map.bench', password: 'bench-member-1' };
export const MAP_BUDGET_KB = 400;

export const map: BenchModule = {
  name: 'map',
  async run({ tmpDir, log, size }) {
    return withLocalStack(tmpDir, (stack) => measure(stack, SIZES[size], log));
  },
};

async function measure(stack: BenchStack, sized: { families: number; runs: number }, log: (m: string) => void) {
  const { startExecution, executionStatus } = await import('../../lambdas/platform/aws/sfn');
  const orgId = await registerChurch(stack.url, stack.pool, 'Map Bench Church', ADMIN);
  const { families, members } = generateDirectory(orgId, sized.families, SEED);
  families.forEach((f, i) => (f.approximateLocation = i % 10 === 0 ? true : undefined));
  await seedDirectory(stack.config.tableName, orgId, { families, members });
  await linkedAccount(stack, orgId, members[0]!, MEMBER);
  const token = await signInLocal(stack.pool, MEMBER.email, MEMBER.password);

  const t0 = performance.now();
  const run = await startExecution(process.env.FAMILY_LOCATIONS_STATE_MACHINE_ARN!, `bench-${orgId}`, { orgId });
  await fetch(`${stack.url}/_local/settled`);
  const seconds = (performance.now() - t0) / 1000;
  if ((await executionStatus(run)) !== 'SUCCEEDED') throw new Error('the lookup job did not succeed');
  log(`looked up ${families.length} families in ${seconds.toFixed(1)} s`);

  const get = async (path: string) => {
    const response = await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
    return text;
  };
  const counter = await countDdbRequests(get, log);
  let requests: number;
  let body: string;
  try {
    ({ requests, body } = await counter.count('/api/map'));
  } finally {
    counter.stop();
  }
  // Every family has an address the stand-in knows, and none is hidden from the member: each once.
  const shown = new Set((JSON.parse(body) as { families: { familyId: string }[] }).families.map((f) => f.familyId));
  if (shown.size !== families.length || families.some((f) => !shown.has(f.familyId)))
    throw new Error(`the map shows ${shown.size} of ${families.length} families`);
  const times: number[] = [];
  for (let i = 0; i < sized.runs; i++) {
    const start = performance.now();
    await get('/api/map');
    times.push(performance.now() - start);
  }
  const n = sized.families;
  return [
    { name: 'map.locate.families_per_s', value: families.length / seconds, unit: 'families/s', budget: null },
    {
      name: `map.families_${n}_kb`,
      value: kb(gzipSync(body).length),
      unit: 'KB',
      budget: n >= 10_000 ? MAP_BUDGET_KB : null,
    },
    { name: `map.families_${n}_raw_kb`, value: kb(Buffer.byteLength(body)), unit: 'KB', budget: 6 * 1024 },
    { name: 'map.ddb_requests', value: requests, unit: 'requests', budget: null },
    { name: 'map.p50_ms', value: median(times), unit: 'ms', budget: null },
  ] satisfies Metric[];
}
