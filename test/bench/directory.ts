/**
 * Bench module: the directory reads (issue 3) on a generated church of 1,000 families and
 * 4,000 members, against the real local stack (dynoxide, cognito-local, the gateway).
 *
 *  - families.list.ddb_requests / dashboard.ddb_requests: the DynamoDB requests behind one
 *    GET /api/families and one GET /api/dashboard as the administrator, counted for real
 *    (ddbCounter.ts).
 *  - families.list.api_over_raw_ratio: median time of GET /api/families through the gateway over
 *    HTTP with a real ID token, over the median time of the raw Query behind it
 *    (PK = ORG#<orgId> AND begins_with(SK, 'FAM#'), every page) with a plain document client,
 *    interleaved in the same run after warm-ups. Supporting figures: the API's p50/p95 and the
 *    raw Query's p50.
 *
 * The stack is started in-process on its own ports (base 4700) and data folder, like the test
 * setup (test/support/global-setup.ts), and imported lazily so selecting other modules does not
 * load it.
 */
import { generateDirectory, seedDirectory } from './church';
import { countDdbRequests } from './ddbCounter';
import { median, percentile, type BenchModule, type Metric } from './metrics';
import { registerChurch, signInLocal, withLocalStack } from './stack';

const FAMILIES = 1000;
/** The generated church's seed (test/bench/church.ts): 1,000 families make 4,000 members. */
const SEED = 20260003;
const WARM_UPS = 3;
const RUNS = 20;
const PASSWORD = 'bench-admin-1';
const ADMIN_EMAIL = 'admin@bench.example';

export const directory: BenchModule = {
  name: 'directory',
  async run({ tmpDir, log }) {
    return withLocalStack(tmpDir, (stack) => measure(stack.url, stack.pool, stack.config.tableName, log));
  },
};

async function measure(
  url: string,
  pool: { endpoint: string; clientId: string },
  table: string,
  log: (message: string) => void,
): Promise<Metric[]> {
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { DynamoDBDocumentClient, QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { keys } = await import('../../lambdas/domain/keys');

  // The church and its administrator, registered through the API as test/support/fixtures.ts does.
  const orgId = await registerChurch(url, pool, 'Bench Community Church', { email: ADMIN_EMAIL, password: PASSWORD });
  const token = await signInLocal(pool, ADMIN_EMAIL, PASSWORD);

  // The directory, built with the domain's own item builders (like lib/local/demo.ts).
  const thisMonth = new Date().getMonth() + 1;
  const { families, members } = generateDirectory(orgId, FAMILIES, SEED);
  const seedStart = performance.now();
  const written = await seedDirectory(table, orgId, { families, members });
  log(
    `seeded ${families.length} families, ${members.length} members (${written} items) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const get = async (pathAndQuery: string) => {
    const response = await fetch(`${url}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`GET ${pathAndQuery}: ${response.status} ${text.slice(0, 300)}`);
    return text;
  };

  // --- DynamoDB requests per call, counted on the handlers' own client (ddbCounter.ts) -----------
  const counter = await countDdbRequests(get, log);
  const countRequests = counter.count;
  let listRequests: number;
  let dashboardRequests: number;
  try {
    await get('/api/families'); // loads the handler module, so the counted call is a warm one
    const list = await countRequests('/api/families');
    listRequests = list.requests;
    const listed = JSON.parse(list.body) as { families: { members: unknown[] }[] };
    const listedMembers = listed.families.reduce((n, f) => n + f.members.length, 0);
    if (listed.families.length !== FAMILIES || listedMembers !== members.length) {
      throw new Error(
        `listFamilies answered ${listed.families.length} families / ${listedMembers} members, expected ${FAMILIES} / ${members.length}`,
      );
    }
    await get(`/api/dashboard?month=${thisMonth}`);
    const dash = await countRequests(`/api/dashboard?month=${thisMonth}`);
    dashboardRequests = dash.requests;
    const board = JSON.parse(dash.body) as {
      counts: { families: number; members: number };
      birthdays: unknown[];
      anniversaries: unknown[];
    };
    if (board.counts.families !== FAMILIES || board.counts.members !== members.length) {
      throw new Error(`getDashboard counted ${board.counts.families} families / ${board.counts.members} members`);
    }
    log(
      `dashboard for month ${thisMonth}: ${board.birthdays.length} birthdays, ${board.anniversaries.length} anniversaries`,
    );
  } finally {
    counter.stop();
  }

  // --- API time over raw Query time ------------------------------------------------------------
  const plain = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const rawQuery = async () => {
    let count = 0;
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await plain.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :fam)',
          ExpressionAttributeValues: { ':pk': keys.orgPartition(orgId), ':fam': 'FAM#' },
          ExclusiveStartKey,
        }),
      );
      count += page.Items?.length ?? 0;
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return count;
  };
  const time = async (fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };
  const expectedItems = families.length + members.length;
  const rawCount = await rawQuery();
  if (rawCount !== expectedItems) throw new Error(`the raw Query found ${rawCount} items, expected ${expectedItems}`);
  for (let i = 0; i < WARM_UPS; i++) {
    await get('/api/families');
    await rawQuery();
  }
  const api: number[] = [];
  const raw: number[] = [];
  // Interleaved, so drift in machine load falls on both alike.
  for (let i = 0; i < RUNS; i++) {
    api.push(await time(() => get('/api/families')));
    raw.push(await time(rawQuery));
  }
  plain.destroy();
  const apiP50 = median(api);
  const rawP50 = median(raw);
  log(
    `listFamilies over HTTP: p50 ${apiP50.toFixed(1)} ms, p95 ${percentile(api, 95).toFixed(1)} ms; raw Query: p50 ${rawP50.toFixed(1)} ms (${RUNS} runs each)`,
  );

  return [
    { name: 'families.list.ddb_requests', value: listRequests, unit: 'requests', budget: null },
    { name: 'dashboard.ddb_requests', value: dashboardRequests, unit: 'requests', budget: null },
    { name: 'families.list.api_over_raw_ratio', value: apiP50 / rawP50, unit: 'x', budget: null },
    { name: 'families.list.api_p50_ms', value: apiP50, unit: 'ms', budget: null },
    { name: 'families.list.api_p95_ms', value: percentile(api, 95), unit: 'ms', budget: null },
    { name: 'families.list.raw_p50_ms', value: rawP50, unit: 'ms', budget: null },
  ];
}
