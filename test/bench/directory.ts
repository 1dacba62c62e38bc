/**
 * Bench module: the directory reads (issue 3) on a generated church of 1,000 families and
 * 4,000 members, against the real local stack (dynoxide, cognito-local, the gateway).
 *
 *  - families.list.ddb_requests / dashboard.ddb_requests: the DynamoDB requests behind one
 *    GET /api/families and one GET /api/dashboard, counted for real. The gateway runs the
 *    handlers in the process that started it (lib/local/gateway.ts imports them), which is this
 *    one, so they send through the very `ddb` client of lambdas/platform/ddb.ts that this module
 *    imports. A middleware on that client's stack, in the `deserialize` step (inside the retry
 *    middleware), counts every HTTP request the client sends to DynamoDB, retries included:
 *    the authorisation's user-record GetItem, every Query page, every BatchGetItem. Nothing else
 *    in this process talks to DynamoDB while a counted call runs, and the module checks that the
 *    user-record GetItem was among them (proof the handler used the counted client).
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
import { randomUUID } from 'node:crypto';
import { pad2, seededRandom } from '../../lib/local/seeded-random';
import { median, type BenchModule, type Metric } from './metrics';
import { registerChurch, signInLocal, withLocalStack } from './stack';

const FAMILIES = 1000;
/** Family sizes cycling with a mean of exactly 4: 1,000 families make 4,000 members. */
const SIZES = [1, 7, 2, 6, 3, 5, 4, 4];
const WARM_UPS = 3;
const RUNS = 20;
const PASSWORD = 'bench-admin-1';
const ADMIN_EMAIL = 'admin@bench.example';

const SURNAMES = [
  'Adams', 'Okafor', 'Nguyễn', 'Ødegård', 'Papadopoulos', 'Kim', 'García', 'Johnson', 'Williams', 'Brown',
  'Müller', 'Rossi', 'Kowalski', 'Haddad', 'Mensah', 'Silva', 'Patel', 'O’Brien', 'Lindqvist', 'Tanaka',
  'Dubois', 'Novak', 'Hernández', 'Campbell', 'Baptiste', 'Ivanova', 'Chen', 'Fernandes', 'Walker', 'Young',
];
const FIRST = ['Grace', 'Daniel', 'Maria', 'James', 'Ana', 'Samuel', 'Ruth', 'David', 'Esther', 'John', 'Miriam', 'Peter', 'Lydia', 'Paul'];
const STREETS = ['Oak Street', 'Maple Avenue', 'Church Road', 'Elm Court', 'Cedar Lane', 'Pine Drive'];

/** Nearest-rank percentile. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

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
  const { DynamoDBDocumentClient, QueryCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { batchPutAll } = await import('../../lambdas/domain/repos/batch');
  const { familyItem, memberItem, memberEmailClaimItem } = await import('../../lambdas/domain/repos/items');
  const { keys } = await import('../../lambdas/domain/keys');
  const { ddb } = await import('../../lambdas/platform/ddb');
  type Family = import('../../lambdas/domain/entities').Family;
  type Member = import('../../lambdas/domain/entities').Member;

  // The church and its administrator, registered through the API as test/support/fixtures.ts does.
  const orgId = await registerChurch(url, 'Bench Community Church', { email: ADMIN_EMAIL, password: PASSWORD });
  const token = await signInLocal(pool, ADMIN_EMAIL, PASSWORD);

  // The directory, built with the domain's own item builders (like lib/local/demo.ts).
  const rnd = seededRandom(20260003);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const thisMonth = new Date().getMonth() + 1;
  const stamp = new Date().toISOString();
  const families: Family[] = [];
  const members: Member[] = [];
  for (let index = 0; index < FAMILIES; index++) {
    const familyId = randomUUID();
    const surname = pick(SURNAMES);
    // Every twelfth family's anniversary is this month, the rest spread over the year; a few have none.
    const anniversaryMonth = index % 12 === 0 ? thisMonth : 1 + Math.floor(rnd() * 12);
    families.push({
      familyId,
      orgId,
      surname,
      street: `${100 + Math.floor(rnd() * 900)} ${pick(STREETS)}`,
      city: 'Raleigh',
      state: 'NC',
      zipcode: pick(['27601', '27603', '27605', '27607-1234', '27609']),
      phone: `(919) 555-${String(1000 + ((index * 37) % 9000)).slice(0, 4)}`,
      anniversary: index % 4 === 3 ? null : `${pad2(anniversaryMonth)}/${pad2(1 + Math.floor(rnd() * 28))}`,
      // About one family in six has a photo; the objects need not exist (reads only presign).
      photo: index % 6 === 0 ? `${orgId}/photos/${randomUUID()}.jpg` : null,
      version: 1,
      createdAt: stamp,
      updatedAt: stamp,
    });
    const size = SIZES[index % SIZES.length]!;
    for (let m = 0; m < size; m++) {
      const name = FIRST[(index * 7 + m * 3) % FIRST.length]!;
      const birthdayMonth = (index + m) % 12 === 0 ? thisMonth : 1 + Math.floor(rnd() * 12);
      members.push({
        memberId: randomUUID(),
        familyId,
        orgId,
        name,
        surname,
        birthday: m > 2 && m === size - 1 ? null : `${pad2(birthdayMonth)}/${pad2(1 + Math.floor(rnd() * 28))}`,
        cellphone: m < 2 ? `(919) 555-${String(2000 + ((index * 41 + m) % 8000)).slice(0, 4)}` : null,
        email: m < 2 ? `${name.toLowerCase()}.${index}.${m}@bench.example` : null,
        version: 1,
        createdAt: stamp,
        updatedAt: stamp,
      });
    }
  }
  const items = [
    ...families.map(familyItem),
    ...members.map(memberItem),
    ...members.flatMap((m) => (m.email ? [memberEmailClaimItem({ ...m, email: m.email })] : [])),
  ];
  const seedStart = performance.now();
  const LANES = 8;
  const lane = Math.ceil(items.length / LANES / 25) * 25;
  await Promise.all(Array.from({ length: LANES }, (_, i) => batchPutAll(table, items.slice(i * lane, (i + 1) * lane))));
  await ddb.send(
    new UpdateCommand({
      TableName: table,
      Key: keys.org(orgId),
      UpdateExpression: 'SET familyCount = :f, memberCount = :m',
      ExpressionAttributeValues: { ':f': families.length, ':m': members.length },
    }),
  );
  log(`seeded ${families.length} families, ${members.length} members (${items.length} items) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const get = async (pathAndQuery: string) => {
    const response = await fetch(`${url}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`GET ${pathAndQuery}: ${response.status} ${text.slice(0, 300)}`);
    return text;
  };

  // --- DynamoDB requests per call, counted on the handlers' own client ---------------------------
  const sent: string[] = [];
  const COUNTER = 'benchCountDynamoRequests';
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push((context.commandName ?? 'unknown').replace(/Command$/, ''));
      return next(args);
    },
    { step: 'deserialize', name: COUNTER, priority: 'low' },
  );
  const countRequests = async (pathAndQuery: string) => {
    sent.length = 0;
    const body = await get(pathAndQuery);
    const requests = [...sent];
    const byCommand = new Map<string, number>();
    for (const r of requests) byCommand.set(r, (byCommand.get(r) ?? 0) + 1);
    const tally = [...byCommand].map(([name, n]) => `${name} ×${n}`);
    log(`GET ${pathAndQuery}: ${requests.length} DynamoDB requests (${tally.join(', ')})`);
    if (!requests.includes('GetItem')) throw new Error(`GET ${pathAndQuery}: the user-record GetItem was not counted; is the handler on another client?`);
    return { requests: requests.length, body };
  };
  let listRequests: number;
  let dashboardRequests: number;
  try {
    await get('/api/families'); // loads the handler module, so the counted call is a warm one
    const list = await countRequests('/api/families');
    listRequests = list.requests;
    const listed = JSON.parse(list.body) as { families: { members: unknown[] }[] };
    const listedMembers = listed.families.reduce((n, f) => n + f.members.length, 0);
    if (listed.families.length !== FAMILIES || listedMembers !== members.length) {
      throw new Error(`listFamilies answered ${listed.families.length} families / ${listedMembers} members, expected ${FAMILIES} / ${members.length}`);
    }
    await get(`/api/dashboard?month=${thisMonth}`);
    const dash = await countRequests(`/api/dashboard?month=${thisMonth}`);
    dashboardRequests = dash.requests;
    const board = JSON.parse(dash.body) as { counts: { families: number; members: number }; birthdays: unknown[]; anniversaries: unknown[] };
    if (board.counts.families !== FAMILIES || board.counts.members !== members.length) {
      throw new Error(`getDashboard counted ${board.counts.families} families / ${board.counts.members} members`);
    }
    log(`dashboard for month ${thisMonth}: ${board.birthdays.length} birthdays, ${board.anniversaries.length} anniversaries`);
  } finally {
    ddb.middlewareStack.remove(COUNTER);
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
  log(`listFamilies over HTTP: p50 ${apiP50.toFixed(1)} ms, p95 ${percentile(api, 95).toFixed(1)} ms; raw Query: p50 ${rawP50.toFixed(1)} ms (${RUNS} runs each)`);

  return [
    { name: 'families.list.ddb_requests', value: listRequests, unit: 'requests', budget: null },
    { name: 'dashboard.ddb_requests', value: dashboardRequests, unit: 'requests', budget: null },
    { name: 'families.list.api_over_raw_ratio', value: apiP50 / rawP50, unit: 'x', budget: null },
    { name: 'families.list.api_p50_ms', value: apiP50, unit: 'ms', budget: null },
    { name: 'families.list.api_p95_ms', value: percentile(api, 95), unit: 'ms', budget: null },
    { name: 'families.list.raw_p50_ms', value: rawP50, unit: 'ms', budget: null },
  ];
}
