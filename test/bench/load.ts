/**
 * Bench module: a load run (issue 7) against the local product as `npm start` runs it (the same
 * startLocalStack: dynoxide, s3rver, cognito-local, the gateway running the real handlers in this
 * process; only its per-request terminal log is off), on a generated church of 200 families and
 * about 800 members (test/bench/church.ts).
 *
 * 50 signed-in users, each with a real ID token from the local Cognito: the church's registered
 * administrator, 9 members who signed up through the API and were granted admin through the API,
 * and 40 members who signed up (each linked to its own family). autocannon, in a child process
 * (test/bench/load-traffic.ts) so it does not share this process's event loop with the gateway,
 * keeps one keep-alive connection per user for BENCH_LOAD_SECONDS (default 60), each repeating a
 * visit of dashboard, family list, family pages and two edits (its family, then its member in
 * it), every user editing a family nobody else edits.
 *
 *  - load.requests: responses received; load.rps: the same per second.
 *  - load.errors: non-2xx answers + connection errors + timeouts (30 s); budget 0.
 *  - load.p50_ms / load.p99_ms: response-time percentiles over every request (no budget,
 *    recorded). The log adds them per kind of request.
 * The users never pause, so the stack is saturated and the mean time is about users over
 * throughput (Little's law). Locally every handler shares this one Node event loop (in AWS each
 * concurrent request has a Lambda of its own), and the machine's load shows in every figure: the
 * log gives the load average before the run.
 *
 * Afterwards the church must be intact: every family still readable, the dashboard's counts
 * unchanged, untouched families and members still at version 1, and each edited family and
 * member at 1 + its successful edits (at most one more: an edit still in flight when the run
 * stopped, whose answer was never read, may have been applied). Any difference fails the module.
 *
 * `BENCH_LOAD_SECONDS=10 npm run bench -- load` for a quick try. The smoke run (size `smoke`):
 * 30 families, 5 users (2 administrators) for 2 s, the same checks.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { GetFamilyResult, ListUsersResult } from '../../lambdas/contract/api';
import { forkTs } from '../support/fork-ts';
import { forgetWriteRates } from '../support/write-rates';
import { generateDirectory, seedDirectory, type GeneratedDirectory } from './church';
import type { LoadUser, TrafficOutcome, TrafficPlan } from './load-traffic';
import { round2, type BenchModule, type BenchSize, type Metric } from './metrics';
import { registerChurch, signInLocal, signUpMember, withLocalStack, type BenchStack } from './stack';

const SEED = 20260007;
/** Warmed up before the run (each route's first call loads its handler): an edited family nobody uses. */
const WARM_FAMILY = 1;
const PASSWORD = 'bench-user-1';
const ADMIN_EMAIL = 'load-admin@bench.example';
/** Reads in flight at once for the consistency check. */
const CHECK_LANES = 8;

interface LoadSize {
  families: number;
  /** The registered administrator and the members granted admin. */
  admins: number;
  /** Members who are not administrators. */
  members: number;
  seconds: number;
}

function loadSize(size: BenchSize): LoadSize {
  if (size === 'smoke') return { families: 30, admins: 2, members: 3, seconds: 2 };
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
  if (!Number.isFinite(seconds) || seconds < 1)
    throw new Error(`BENCH_LOAD_SECONDS must be a number of seconds, not ${process.env.BENCH_LOAD_SECONDS}`);
  return { families: 200, admins: 10, members: 40, seconds };
}

export const load: BenchModule = {
  name: 'load',
  async run({ tmpDir, log, size }) {
    const sized = loadSize(size);
    return withLocalStack(tmpDir, async (stack) => {
      const setupStart = performance.now();
      const church = await prepareChurch(stack, sized, log);
      log(`church and ${church.users.length} users ready in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

      const [load1] = os.loadavg();
      log(
        `${church.users.length} users for ${sized.seconds} s (machine load average before: ${load1!.toFixed(2)} on ${os.availableParallelism()} cores)...`,
      );
      // Fifty users who never pause write far past one church's rate (core/churchLimits.ts); what
      // is measured here is the stack, so the church's count is forgotten as the traffic runs (the
      // writes still take it: its cost is in the figures). Every second: a fast machine passes the
      // minute's 300 writes within five seconds (64 writes a second on 2 cores, 2026-11-28).
      const forgetting = setInterval(
        () => void forgetWriteRates(stack.config.tableName, [church.directory.families[0]!.orgId]),
        1_000,
      );
      const outcome = await inTrafficProcess({
        url: stack.url,
        users: church.users,
        familyIds: church.directory.families.map((f) => f.familyId),
        seconds: sized.seconds,
      }).finally(() => clearInterval(forgetting));
      report(outcome, log);

      await checkConsistency(stack.url, church, outcome, log);
      const errors = outcome.non2xx + outcome.socketErrors;
      return [
        { name: 'load.requests', value: outcome.requests, unit: 'requests', budget: null },
        { name: 'load.errors', value: errors, unit: 'errors', budget: 0 },
        { name: 'load.p50_ms', value: outcome.latency.p50, unit: 'ms', budget: null },
        { name: 'load.p99_ms', value: outcome.latency.p99, unit: 'ms', budget: null },
        { name: 'load.rps', value: round2(outcome.requests / outcome.seconds), unit: 'req/s', budget: null },
      ] satisfies Metric[];
    });
  },
};

interface PreparedChurch {
  directory: GeneratedDirectory;
  users: LoadUser[];
  adminToken: string;
}

/** One JSON call to the API; anything but 200 is a setup failure. */
async function api<T>(url: string, method: string, pathname: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${pathname}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The church, its directory, and its users (50 in a full run) signed up and signed in the way real ones are. */
async function prepareChurch(
  stack: BenchStack,
  sized: LoadSize,
  log: (message: string) => void,
): Promise<PreparedChurch> {
  const { url, pool } = stack;
  const userCount = sized.admins + sized.members;
  /** User u edits family u × stride: spread over the directory, never shared (nor the warm-up's). */
  const stride = Math.floor(sized.families / userCount);
  if (stride < 2) throw new Error(`${sized.families} families are too few for ${userCount} users`);
  const orgId = await registerChurch(url, pool, 'Bench Load Church', { email: ADMIN_EMAIL, password: PASSWORD });
  const adminToken = await signInLocal(pool, ADMIN_EMAIL, PASSWORD);
  const directory = generateDirectory(orgId, sized.families, SEED);
  const written = await seedDirectory(stack.config.tableName, orgId, directory);
  log(`seeded ${directory.families.length} families, ${directory.members.length} members (${written} items)`);

  const owned = Array.from({ length: userCount }, (_, u) => editedIn(directory, u * stride));

  // Users 1.. sign up through the API as those members, as the sign-up page does: the account, the
  // proof of its address, then finishSignUp with the church's link joins it to its member (one at
  // a time: cognito-local keeps its users in one JSON file).
  for (const { email } of owned.slice(1)) await signUpMember(url, pool, { email, password: PASSWORD, orgId });
  // Users 1 to admins - 1 are granted admin by the administrator, as User Management does.
  const { users: accounts } = await api<ListUsersResult>(url, 'GET', '/api/users', adminToken);
  for (const { email } of owned.slice(1, sized.admins)) {
    const account = accounts.find((a) => a.email === email);
    if (!account) throw new Error(`${email} signed up but is not among the church's users`);
    await api(url, 'PUT', `/api/users/${account.userId}/admin`, adminToken, { setAdminStatus: true });
  }
  const users: LoadUser[] = [];
  for (const [u, own] of owned.entries()) {
    users.push({
      email: u === 0 ? ADMIN_EMAIL : own.email,
      role: u < sized.admins ? 'admin' : 'member',
      token: u === 0 ? adminToken : await signInLocal(pool, own.email, PASSWORD),
      familyId: own.familyId,
      memberId: own.memberId,
    });
  }

  // Every route of the visit once (its first call loads the handler), the edits on a family nobody uses.
  const warm = editedIn(directory, WARM_FAMILY);
  await api(url, 'GET', '/api/dashboard?month=1', adminToken);
  await api(url, 'GET', '/api/families', users.at(-1)!.token);
  const { family } = await api<GetFamilyResult>(url, 'GET', `/api/families/${warm.familyId}`, adminToken);
  const { surname, street, city, state, zipcode, phone, anniversary } = family;
  await api(url, 'PUT', `/api/families/${warm.familyId}`, adminToken, {
    surname,
    street,
    city,
    state,
    zipcode,
    phone,
    anniversary,
    version: family.version,
  });
  const member = family.members.find((m) => m.memberId === warm.memberId)!;
  await api(url, 'PUT', `/api/members/${member.memberId}`, adminToken, {
    name: member.name,
    birthday: member.birthday,
    cellphone: member.cellphone,
    email: member.email,
    version: member.version,
  });
  return { directory, users, adminToken };
}

/** The family at `index` and the member of it that gets edited (and signs up): its first, who has an e-mail. */
function editedIn(directory: GeneratedDirectory, index: number) {
  const family = directory.families[index]!;
  const member = directory.members.find((m) => m.familyId === family.familyId && m.email)!;
  return { familyId: family.familyId, memberId: member.memberId, email: member.email! };
}

/** Runs the traffic in test/bench/load-traffic.ts as a child process and waits for its outcome. */
async function inTrafficProcess(plan: TrafficPlan): Promise<TrafficOutcome> {
  const child = forkTs(fileURLToPath(new URL('./load-traffic.ts', import.meta.url)));
  try {
    return await new Promise<TrafficOutcome>((resolve, reject) => {
      const limit = setTimeout(
        () => reject(new Error(`the load generator did not finish within ${plan.seconds + 120} s`)),
        (plan.seconds + 120) * 1000,
      );
      child.once('message', (answer: { outcome?: TrafficOutcome; error?: string }) => {
        clearTimeout(limit);
        if (answer.outcome) resolve(answer.outcome);
        else reject(new Error(`the load generator failed: ${answer.error}`));
      });
      child.once('exit', (code) => {
        clearTimeout(limit);
        reject(new Error(`the load generator exited (${code}) without an answer`));
      });
      child.send(plan);
    });
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

function report(outcome: TrafficOutcome, log: (message: string) => void) {
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  log(
    `${outcome.requests} responses in ${outcome.seconds} s (${(outcome.requests / outcome.seconds).toFixed(1)}/s): ` +
      `p50 ${ms(outcome.latency.p50)}, p99 ${ms(outcome.latency.p99)}, mean ${ms(outcome.latency.mean)}, max ${ms(outcome.latency.max)}; ` +
      `status ${JSON.stringify(outcome.statusCodes)}, ${outcome.non2xx} non-2xx, ${outcome.socketErrors} socket errors (${outcome.timeouts} timeouts)`,
  );
  for (const [kind, k] of Object.entries(outcome.kinds))
    log(`  ${kind.padEnd(12)} ${String(k.count).padStart(6)} × p50 ${ms(k.p50)}, p99 ${ms(k.p99)}`);
  const sum = (pick: (t: TrafficOutcome['edits'][number]) => number) => outcome.edits.reduce((n, t) => n + pick(t), 0);
  log(
    `edits answered 200 / sent: families ${sum((t) => t.family.ok)}/${sum((t) => t.family.sent)}, members ${sum((t) => t.member.ok)}/${sum((t) => t.member.sent)}`,
  );
  for (const failure of outcome.failures) log(`  failure: ${failure}`);
}

/** The church after the run: every family readable, nothing changed but the counted edits. */
async function checkConsistency(
  url: string,
  church: PreparedChurch,
  outcome: TrafficOutcome,
  log: (message: string) => void,
) {
  const { directory, adminToken } = church;
  const problems: string[] = [];
  const board = await api<{ counts: { families: number; members: number } }>(
    url,
    'GET',
    '/api/dashboard?month=1',
    adminToken,
  );
  if (board.counts.families !== directory.families.length || board.counts.members !== directory.members.length) {
    problems.push(
      `dashboard counts ${board.counts.families} families / ${board.counts.members} members, expected ${directory.families.length} / ${directory.members.length}`,
    );
  }

  // The versions each family and member may be at: [fewest, most].
  const expected = new Map<string, [number, number]>();
  const warm = editedIn(directory, WARM_FAMILY);
  expected.set(warm.familyId, [2, 2]);
  expected.set(warm.memberId, [2, 2]);
  for (const t of outcome.edits) {
    expected.set(t.familyId, [1 + t.family.ok, 1 + t.family.sent]);
    expected.set(t.memberId, [1 + t.member.ok, 1 + t.member.sent]);
  }
  const within = (id: string, what: string, version: number) => {
    const [fewest, most] = expected.get(id) ?? [1, 1];
    if (version < fewest || version > most)
      problems.push(
        `${what} ${id} is at version ${version}, expected ${fewest === most ? fewest : `${fewest}-${most}`}`,
      );
  };

  const queue = [...directory.families];
  await Promise.all(
    Array.from({ length: CHECK_LANES }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        try {
          const { family } = await api<GetFamilyResult>(url, 'GET', `/api/families/${next.familyId}`, adminToken);
          within(family.familyId, 'family', family.version);
          const seeded = directory.members.filter((m) => m.familyId === next!.familyId).length;
          if (family.members.length !== seeded)
            problems.push(`family ${family.familyId} has ${family.members.length} members, expected ${seeded}`);
          for (const m of family.members) within(m.memberId, 'member', m.version);
        } catch (error) {
          problems.push(`family ${next.familyId} unreadable: ${(error as Error).message}`);
        }
      }
    }),
  );
  if (problems.length)
    throw new Error(
      `the church is not as the run left it (${problems.length} problems):\n  ${problems.slice(0, 10).join('\n  ')}`,
    );
  log(`consistent: ${directory.families.length} families readable, counts unchanged, every version = 1 + its edits`);
}
