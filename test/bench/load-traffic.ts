/**
 * The load generator of the `load` bench module (test/bench/load.ts), run in a child process of
 * its own so it does not share an event loop with the gateway it measures (which, as under
 * `npm start`, runs the handlers in the bench's process). It gets a TrafficPlan over IPC, runs
 * autocannon with one connection per signed-in user and sends back a TrafficOutcome.
 *
 * Each user repeats one visit, in order, on a keep-alive connection with its own ID token:
 *   dashboard (a random month) → family list → a random family → its own family (remembering
 *   the family's and its own member's versions) → updateFamily of its family with that version
 *   → another random family → updateMember of itself with its version.
 * Every user edits a family nobody else edits, so a 409 (stale version) would be a real error.
 * Edits are tallied per user, sent and answered 200, for the caller's consistency check.
 */
import autocannon from 'autocannon';
import type { FamilyView, GetFamilyResult, SavedResult } from '../../lambdas/contract/api';
import { seededRandom } from '../../lib/local/seeded-random';
import { percentile } from './metrics';

export interface LoadUser {
  email: string;
  role: 'admin' | 'member';
  token: string;
  /** The family this user edits (its own, or one set aside for the church's first administrator). */
  familyId: string;
  /** The member of that family this user edits. */
  memberId: string;
}

export interface TrafficPlan {
  url: string;
  users: LoadUser[];
  /** Every family of the church, for the random family pages. */
  familyIds: string[];
  seconds: number;
}

export type RequestKind = 'dashboard' | 'list' | 'family' | 'updateFamily' | 'updateMember';

/** Edits one user sent, and how many of them were answered 200. */
export interface EditTally {
  familyId: string;
  memberId: string;
  family: { sent: number; ok: number };
  member: { sent: number; ok: number };
}

export interface TrafficOutcome {
  seconds: number;
  /** Responses received. */
  requests: number;
  non2xx: number;
  /** Connection errors and timeouts (autocannon counts a timeout as an error too). */
  socketErrors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  latency: { p50: number; p99: number; mean: number; max: number };
  /** Response times (ms) per kind of request: count, median, p99. */
  kinds: Record<RequestKind, { count: number; p50: number; p99: number }>;
  edits: EditTally[];
  /** The first few failures, for the log: kind, status and the start of the body. */
  failures: string[];
}

/** What one visit keeps between its requests (autocannon resets it at each new visit). */
interface VisitContext {
  family?: FamilyView;
}

/**
 * How long autocannon waits for an answer before counting a timeout: the API's own limit (API
 * Gateway's 30 s integration timeout, which the local gateway applies too). Its default, 10 s,
 * would count slow answers the product still gives as errors; their time is in the p99 instead.
 */
const TIMEOUT_S = 30;
const MAX_FAILURE_SAMPLES = 10;

/** What a request's setupRequest returns to give up this visit and start the next (autocannon: a falsy request). */
const RESTART_VISIT = null as unknown as autocannon.Request;

export async function runTraffic(plan: TrafficPlan): Promise<TrafficOutcome> {
  const times: Record<RequestKind, number[]> = {
    dashboard: [],
    list: [],
    family: [],
    updateFamily: [],
    updateMember: [],
  };
  const failures: string[] = [];
  const edits: EditTally[] = plan.users.map((u) => ({
    familyId: u.familyId,
    memberId: u.memberId,
    family: { sent: 0, ok: 0 },
    member: { sent: 0, ok: 0 },
  }));
  let nextUser = 0;

  /** Gives each new connection the next user, and that user's visit. */
  const setupClient = (client: autocannon.Client) => {
    const index = nextUser++;
    const user = plan.users[index];
    if (!user) throw new Error(`connection ${index + 1} has no user (${plan.users.length} users)`);
    const tally = edits[index]!;
    const rnd = seededRandom(1000 + index);
    const randomFamily = () => plan.familyIds[Math.floor(rnd() * plan.familyIds.length)]!;
    let phoneCounter = 0;
    const nextPhone = () => `(919) 555-${String(++phoneCounter % 10000).padStart(4, '0')}`;
    const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };

    // The kind of the request answered last: autocannon calls onResponse, then emits 'response' with the time.
    let answered: RequestKind = 'dashboard';
    const request = (
      kind: RequestKind,
      rest: Omit<autocannon.Request, 'onResponse'> & {
        onResponse?: (status: number, body: string, context: VisitContext) => void;
      },
    ): autocannon.Request => ({
      method: 'GET',
      headers,
      ...rest,
      onResponse: (status, body, context) => {
        answered = kind;
        if ((status < 200 || status > 299) && failures.length < MAX_FAILURE_SAMPLES)
          failures.push(`${user.email} ${kind}: ${status} ${body.slice(0, 200)}`);
        rest.onResponse?.(status, body, context as VisitContext);
      },
    });
    client.on('response', (_status: number, _bytes: number, responseTime: number) =>
      times[answered].push(responseTime),
    );

    const familyPage = () =>
      request('family', {
        setupRequest: (req) => ({ ...req, path: `/api/families/${randomFamily()}` }),
      });
    client.setRequests([
      request('dashboard', {
        setupRequest: (req) => ({ ...req, path: `/api/dashboard?month=${1 + Math.floor(rnd() * 12)}` }),
      }),
      request('list', { path: '/api/families' }),
      familyPage(),
      request('family', {
        path: `/api/families/${user.familyId}`,
        onResponse: (status, body, context) => {
          if (status === 200) context.family = (JSON.parse(body) as GetFamilyResult).family;
        },
      }),
      request('updateFamily', {
        method: 'PUT',
        path: `/api/families/${user.familyId}`,
        // No family read (its GET failed, already counted): start the visit again.
        setupRequest: (req, context) => {
          const family = (context as VisitContext).family;
          if (!family) return RESTART_VISIT;
          tally.family.sent++;
          // The photo is left out, as the edit form does to keep it.
          const { surname, street, city, state, zipcode, anniversary, version } = family;
          return {
            ...req,
            body: JSON.stringify({
              surname,
              street,
              city,
              state,
              zipcode,
              phone: nextPhone(),
              anniversary,
              version,
            }),
          };
        },
        onResponse: (status, body, context) => {
          if (status !== 200) return;
          tally.family.ok++;
          if (context.family) context.family.version = (JSON.parse(body) as SavedResult).version;
        },
      }),
      familyPage(),
      request('updateMember', {
        method: 'PUT',
        path: `/api/members/${user.memberId}`,
        setupRequest: (req, context) => {
          const member = (context as VisitContext).family?.members.find((m) => m.memberId === user.memberId);
          if (!member) return RESTART_VISIT;
          tally.member.sent++;
          const { name, birthday, email, version } = member;
          return { ...req, body: JSON.stringify({ name, birthday, cellphone: nextPhone(), email, version }) };
        },
        onResponse: (status) => {
          if (status === 200) tally.member.ok++;
        },
      }),
    ]);
  };

  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: plan.url, connections: plan.users.length, duration: plan.seconds, timeout: TIMEOUT_S, setupClient },
      (error: unknown, done) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('reqError', (error: Error) => {
      if (failures.length < MAX_FAILURE_SAMPLES) failures.push(`socket: ${error.message}`);
    });
  });

  const kinds = Object.fromEntries(
    (Object.keys(times) as RequestKind[]).map((k) => {
      const t = times[k];
      return [k, { count: t.length, p50: t.length ? percentile(t, 50) : 0, p99: t.length ? percentile(t, 99) : 0 }];
    }),
  ) as TrafficOutcome['kinds'];
  return {
    seconds: result.duration,
    requests: result.requests.total,
    non2xx: result.non2xx,
    socketErrors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]),
    ),
    latency: { p50: result.latency.p50, p99: result.latency.p99, mean: result.latency.mean, max: result.latency.max },
    kinds,
    edits,
    failures,
  };
}

// As a child process (forked by load.ts): one plan in, one outcome (or the error) out.
if (process.send) {
  process.once('message', (plan: TrafficPlan) => {
    runTraffic(plan).then(
      (outcome) => process.send!({ outcome }),
      (error: unknown) =>
        process.send!({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
}
