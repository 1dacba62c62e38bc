/**
 * Bench module: the directory reads on generated churches of 1,000 and 10,000 families (4,000 and
 * 40,000 members), against the real local stack (dynoxide, cognito-local, the gateway).
 *
 *  - families.page.*: the family list's first page (GET /api/families) as the administrator: its
 *    size as sent, the DynamoDB requests behind it (counted on the handlers' own client,
 *    ddbCounter.ts, the caller's own record included), and its median time through the gateway over
 *    HTTP with a real ID token (node:http, as the SDK's client: stack.ts apiGetter), over the median
 *    time of the raw Query behind it (one page of the directory's order, GSI4, with a plain document
 *    client), interleaved after warm-ups.
 *  - search.p50_ms: GET /api/search for words people type (surname and first-name beginnings, a
 *    phone's last four digits, whole surnames), taken in turn.
 *  - dashboard.*: GET /api/dashboard for this month and a mid-month day, and how its time grows from
 *    1,000 to 10,000 families (bounded panels: it should not).
 *  - directory.whole_read_ms: the whole church as the book reads it (readDirectory: its key range
 *    in parts, side by side), median of 3, beside whole_read_one_query_ms, the same items read one
 *    Query page after another.
 *
 * Names without a size are of the 10,000-family church; `.1000.` ones of the 1,000-family church
 * (with BENCH_DIRECTORY_FAMILIES, of that one church alone). The smoke run (size `smoke`): churches
 * of 40 and 60 families (each a first page and a next one), a few runs each; its names say 40.
 * The stack is started in-process on its own ports (base 4700) and data folder, and imported
 * lazily so selecting other modules does not load it.
 */
import { generateDirectory, LATIN_NAMES, seedDirectory } from './church';
import { countDdbRequests } from './ddbCounter';
import { kb, median, percentile, type BenchModule, type BenchSize, type Metric } from './metrics';
import { apiGetter, registerChurch, signInLocal, withLocalStack } from './stack';

/** The generated churches' seed (test/bench/church.ts). */
const SEED = 20260003;
const PASSWORD = 'bench-admin-1';

interface DirectorySize {
  /** The churches, smaller first. */
  sizes: number[];
  /** Measured alone (BENCH_DIRECTORY_FAMILIES): no growth, no sized names. */
  alone: boolean;
  warmUps: number;
  runs: number;
  /** Reads of the whole church, each way (seconds each at the largest size). */
  wholeReads: number;
}

function directorySize(size: BenchSize): DirectorySize {
  if (size === 'smoke') return { sizes: [40, 60], alone: false, warmUps: 1, runs: 3, wholeReads: 1 };
  /** `BENCH_DIRECTORY_FAMILIES=1000 npm run bench -- directory` measures that one size alone (its figures under the unsized names). */
  const only = process.env.BENCH_DIRECTORY_FAMILIES ? Number(process.env.BENCH_DIRECTORY_FAMILIES) : null;
  // 60 runs: at 20, the page's ratio over its Query moved by 0.3 between runs of the same commit
  // (a collection in a process that earlier modules left with a large heap falls on a few of them).
  return { sizes: only ? [only] : [1000, 10_000], alone: only !== null, warmUps: 5, runs: 60, wholeReads: 3 };
}

export const directory: BenchModule = {
  name: 'directory',
  async run({ tmpDir, log, size }) {
    const sized = directorySize(size);
    return withLocalStack(tmpDir, async (stack) => {
      const bySize = new Map<number, Figures>();
      for (const families of sized.sizes)
        bySize.set(families, await measure(stack.url, stack.pool, stack.config.tableName, families, sized, log));
      const [smallSize, largeSize] = [sized.sizes[0]!, sized.sizes.at(-1)!];
      const small = bySize.get(smallSize)!;
      const large = bySize.get(largeSize)!;
      const metrics: Metric[] = [
        { name: 'families.page.first_kb', value: large.pageKb, unit: 'KB', budget: 100 },
        { name: 'families.page.ddb_requests', value: large.pageRequests, unit: 'requests', budget: 2 },
        { name: 'families.page.p50_ms', value: large.pageP50, unit: 'ms', budget: null },
        { name: 'families.page.p95_ms', value: large.pageP95, unit: 'ms', budget: null },
        { name: 'families.page.raw_p50_ms', value: large.rawP50, unit: 'ms', budget: null },
        { name: 'families.page.api_over_raw_ratio', value: large.pageP50 / large.rawP50, unit: 'x', budget: 1.3 },
        { name: 'search.p50_ms', value: large.searchP50, unit: 'ms', budget: 150 },
        { name: 'search.p95_ms', value: large.searchP95, unit: 'ms', budget: null },
        { name: 'dashboard.p50_ms', value: large.dashboardP50, unit: 'ms', budget: null },
        { name: 'dashboard.ddb_requests', value: large.dashboardRequests, unit: 'requests', budget: null },
        { name: 'dashboard.kb', value: large.dashboardKb, unit: 'KB', budget: null },
        {
          name: `dashboard.growth_${largeSize}_over_${smallSize}`,
          value: large.dashboardP50 / small.dashboardP50,
          unit: 'x',
          budget: 1.5,
        },
        { name: 'directory.whole_read_ms', value: large.wholeReadMs, unit: 'ms', budget: null },
        { name: 'directory.whole_read_one_query_ms', value: large.wholeOneQueryMs, unit: 'ms', budget: null },
        { name: `families.page.${smallSize}.first_kb`, value: small.pageKb, unit: 'KB', budget: 100 },
        { name: `families.page.${smallSize}.p50_ms`, value: small.pageP50, unit: 'ms', budget: null },
        {
          name: `families.page.${smallSize}.api_over_raw_ratio`,
          value: small.pageP50 / small.rawP50,
          unit: 'x',
          budget: null,
        },
        { name: `search.${smallSize}.p50_ms`, value: small.searchP50, unit: 'ms', budget: 150 },
        { name: `dashboard.${smallSize}.p50_ms`, value: small.dashboardP50, unit: 'ms', budget: null },
      ];
      // One size alone has no growth to compare, and its figures are already under the unsized names.
      return sized.alone
        ? metrics.filter((m) => !m.name.includes(`.${smallSize}.`) && !m.name.includes('growth'))
        : metrics;
    });
  },
};

interface Figures {
  pageKb: number;
  pageRequests: number;
  pageP50: number;
  pageP95: number;
  rawP50: number;
  searchP50: number;
  searchP95: number;
  dashboardP50: number;
  dashboardRequests: number;
  dashboardKb: number;
  wholeReadMs: number;
  wholeOneQueryMs: number;
}

/** What people type into the search box: beginnings of surnames and first names, whole surnames, a phone's last four. */
function searches(): string[] {
  const { surnames, firstNames } = LATIN_NAMES;
  return [
    ...surnames.slice(0, 6).map((s) => s.slice(0, 3)),
    ...surnames.slice(6, 10),
    ...firstNames.slice(0, 4).map((f) => f.slice(0, 2)),
    '1037',
    `${surnames[3]!.slice(0, 4)} ${firstNames[5]!.slice(0, 2)}`,
  ];
}

async function measure(
  url: string,
  pool: { endpoint: string; clientId: string },
  table: string,
  size: number,
  { warmUps, runs, wholeReads }: DirectorySize,
  log: (message: string) => void,
): Promise<Figures> {
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { DynamoDBDocumentClient, QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { keys } = await import('../../lambdas/core/repos/keys');
  const { PAGE_ITEMS } = await import('../../lambdas/directory/repos/directoryPages');

  // The church and its administrator, registered through the API as test/support/fixtures.ts does.
  const email = `admin${size}@bench.example`;
  const orgId = await registerChurch(url, pool, `Bench Church of ${size}`, { email, password: PASSWORD });
  const token = await signInLocal(pool, email, PASSWORD);

  // The directory, built with the domain's own item builders (like lib/local/demo.ts).
  const { families, members } = generateDirectory(orgId, size, SEED + size);
  const seedStart = performance.now();
  const written = await seedDirectory(table, orgId, { families, members });
  log(
    `${size}: seeded ${families.length} families, ${members.length} members (${written} items with their search words) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const { get, close } = apiGetter(url, token);
  const month = new Date().getMonth() + 1;
  const dashboardPath = `/api/dashboard?month=${month}&day=15`;

  // --- DynamoDB requests per call, counted on the handlers' own client (ddbCounter.ts) -----------
  const counter = await countDdbRequests(get, log);
  let pageRequests: number;
  let pageKb: number;
  let dashboardRequests: number;
  let dashboardKb: number;
  try {
    await get('/api/families'); // loads the handler module, so the counted call is a warm one
    const page = await counter.count('/api/families');
    pageRequests = page.requests;
    pageKb = kb(Buffer.byteLength(page.body));
    const listed = JSON.parse(page.body) as { families: unknown[]; next: string | null };
    if (listed.families.length === 0 || !listed.next) throw new Error(`the first page of ${size} families is wrong`);
    log(`${size}: first page ${listed.families.length} families, ${pageKb.toFixed(1)} KB`);
    await get(dashboardPath);
    const dash = await counter.count(dashboardPath);
    dashboardRequests = dash.requests;
    dashboardKb = kb(Buffer.byteLength(dash.body));
    await get('/api/search?q=a');
    await counter.count(`/api/search?q=${searches()[0]}`);
  } finally {
    counter.stop();
  }

  // --- API time over raw Query time ------------------------------------------------------------
  const plain = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const rawPage = () =>
    plain.send(
      new QueryCommand({
        TableName: table,
        IndexName: 'GSI4',
        KeyConditionExpression: 'GSI4PK = :dir',
        ExpressionAttributeValues: { ':dir': keys.directoryPartition(orgId) },
        Limit: PAGE_ITEMS,
      }),
    );
  const time = async (fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };
  for (let i = 0; i < warmUps; i++) {
    await get('/api/families');
    await rawPage();
  }
  const api: number[] = [];
  const raw: number[] = [];
  // Interleaved, so drift in machine load falls on both alike.
  for (let i = 0; i < runs; i++) {
    api.push(await time(() => get('/api/families')));
    raw.push(await time(rawPage));
  }
  plain.destroy();

  const typed = searches();
  for (const q of typed.slice(0, warmUps)) await get(`/api/search?q=${encodeURIComponent(q)}`);
  const search: number[] = [];
  for (let i = 0; i < runs * 2; i++) {
    const q = typed[i % typed.length]!;
    search.push(await time(() => get(`/api/search?q=${encodeURIComponent(q)}`)));
  }

  for (let i = 0; i < warmUps; i++) await get(dashboardPath);
  const dashboard: number[] = [];
  for (let i = 0; i < runs; i++) dashboard.push(await time(() => get(dashboardPath)));
  close();

  // The whole church as the book reads it (in parts, side by side), and as one Query after another.
  const { readDirectory } = await import('../../lambdas/directory/repos/directory');
  const { queryAll } = await import('../../lambdas/core/repos/query');
  const { prefixEnd } = await import('../../lambdas/core/repos/table');
  const oneQuery = () =>
    queryAll({
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :fam AND :famEnd',
      ExpressionAttributeValues: { ':pk': keys.orgPartition(orgId), ':fam': 'FAM#', ':famEnd': prefixEnd('FAM#') },
    });
  const wholeRead: number[] = [];
  const wholeOneQuery: number[] = [];
  for (let i = 0; i < wholeReads; i++) {
    wholeRead.push(await time(() => readDirectory(orgId)));
    wholeOneQuery.push(await time(oneQuery));
  }

  const figures: Figures = {
    pageKb,
    pageRequests,
    pageP50: median(api),
    pageP95: percentile(api, 95),
    rawP50: median(raw),
    searchP50: median(search),
    searchP95: percentile(search, 95),
    dashboardP50: median(dashboard),
    dashboardRequests,
    dashboardKb,
    wholeReadMs: median(wholeRead),
    wholeOneQueryMs: median(wholeOneQuery),
  };
  log(
    `${size}: the whole church in parts ${figures.wholeReadMs.toFixed(0)} ms, in one Query ${figures.wholeOneQueryMs.toFixed(0)} ms`,
  );
  log(
    `${size}: page p50 ${figures.pageP50.toFixed(1)} ms (raw ${figures.rawP50.toFixed(1)} ms); search p50 ${figures.searchP50.toFixed(1)} ms, p95 ${figures.searchP95.toFixed(1)} ms; dashboard p50 ${figures.dashboardP50.toFixed(1)} ms, ${dashboardKb.toFixed(1)} KB`,
  );
  return figures;
}
