/**
 * Bench module `cost`: what a church costs us a month at 50, 500 and 5,000 families
 * (cost-model.ts has the prices and the usage profile; docs/cost.md the reasons).
 *
 * For each size, a generated church on the local stack, and for each operation of the profile
 * (the reads of a visit, the saves), the median of five calls through the gateway as its
 * administrator: the DynamoDB read and write units it consumed (the handlers' own client asks
 * DynamoDB for ReturnConsumedCapacity: the local DynamoDB counts them as AWS does), its time
 * (as the Lambda's billed duration, at the memory lib/ gives its function) and its answer's size as
 * sent (compressed, platform/compression.ts).
 *
 *  - cost.church_<n>_usd_month: the total; cost.church_<n>.<service>_usd: each service's part.
 *
 * The smoke run (size `smoke`): churches of 10 and 20 families, one measured call each, a group of 3.
 */
import type { AddGroupResult } from '../../lambdas/contract/api';
import { jobs } from '../../lambdas/tasks/manifest';
import { compressed } from '../../lambdas/platform/wiring/compression';
import { generateDirectory, seedDirectory } from './church';
import { monthlyCost, PROFILE, total, type ChurchFigures, type Measured } from './cost-model';
import { median, round2, type BenchModule, type BenchSize, type Metric } from './metrics';
import { registerChurch, signInLocal, withLocalStack, type BenchStack } from './stack';
import { forgetWriteRates } from '../support/write-rates';

const SEED = 20261123;

interface CostSize {
  /** The churches (families). */
  churches: readonly number[];
  /** Measured calls per operation (after one that warms its handler). */
  runs: number;
  /** Members added to the bench's group: a page of getGroup's and then some. */
  groupMembers: number;
}

const SIZES: Record<BenchSize, CostSize> = {
  full: { churches: [50, 500, 5000], runs: 5, groupMembers: 70 },
  smoke: { churches: [10, 20], runs: 1, groupMembers: 3 },
};
const PASSWORD = 'bench-admin-1';
/** A book's time per 1,000 families (the pdf module's budget for pdf.1000.seconds) and its function's memory. */
const BOOK_SECONDS_PER_1000 = 6;
const BOOK_STATE_TRANSITIONS = 12;
const BOOK_MB_PER_1000 = 13.5;

const READS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);

interface Units {
  read: number;
  write: number;
}

/** Asks DynamoDB for the capacity each request of the handlers' client consumes, and adds it up. */
async function capacityMeter(): Promise<{ take: () => Units }> {
  const { ddb } = await import('../../lambdas/platform/aws/ddb');
  let units: Units = { read: 0, write: 0 };
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      const sum = [consumed]
        .flat()
        .reduce((n: number, c) => n + ((c as { CapacityUnits?: number } | undefined)?.CapacityUnits ?? 0), 0);
      const command = (context.commandName ?? '').replace(/Command$/, '');
      if (READS.has(command)) units.read += sum;
      else units.write += sum;
      return result;
    },
    { step: 'initialize', name: 'benchCapacityMeter', override: true },
  );
  return {
    take: () => {
      const taken = units;
      units = { read: 0, write: 0 };
      return taken;
    },
  };
}

/** A call as the church's administrator: its answer's body. */
type Send = (method: string, path: string, body?: unknown) => Promise<unknown>;

/** A group as a church keeps them, of a full page of members (getGroup's answer is one page at any size). */
async function addGroup(
  send: Send,
  table: string,
  orgId: string,
  members: { memberId: string }[],
  count: number,
): Promise<string> {
  const { groupId } = (await send('POST', '/api/groups', { groupName: 'Choir' })) as AddGroupResult;
  for (const { memberId } of members.slice(0, count)) {
    await forgetWriteRates(table, [orgId]);
    await send('POST', `/api/groups/${groupId}/roles`, { memberId });
  }
  return groupId;
}

async function measureChurch(
  stack: BenchStack,
  families: number,
  sized: CostSize,
  meter: { take: () => Units },
  log: (m: string) => void,
): Promise<ChurchFigures> {
  const { routeFor } = await import('../../lambdas/routes');
  const email = `admin${families}@cost.example`;
  const orgId = await registerChurch(stack.url, stack.pool, `Cost Church ${families}`, { email, password: PASSWORD });
  const token = await signInLocal(stack.pool, email, PASSWORD);
  const directory = generateDirectory(orgId, families, SEED + families);
  await seedDirectory(stack.config.tableName, orgId, directory);
  /** A call as the app makes it: its answer's text, and the bytes that crossed the wire for it. */
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'accept-encoding': 'br, gzip',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    // fetch hands over the body decoded; what crossed the wire is the handler's own encoding of it.
    const sent = compressed({ statusCode: 200, body: text }, 'br, gzip');
    return {
      text,
      bytes: sent.isBase64Encoded ? Buffer.from(sent.body!, 'base64').byteLength : Buffer.byteLength(text),
    };
  };
  const api = async (method: string, path: string, body?: unknown) => (await call(method, path, body)).bytes;
  const send: Send = async (method, path, body) => JSON.parse((await call(method, path, body)).text) as unknown;
  const groupId = await addGroup(send, stack.config.tableName, orgId, directory.members, sized.groupMembers);
  const family = directory.families[Math.floor(families / 2)]!;
  const member = directory.members.find((m) => m.familyId === family.familyId)!;
  const read = async (path: string) =>
    (await send('GET', path)) as { family: { version: number; members: { memberId: string; version: number }[] } };
  const calls: Record<string, () => Promise<number>> = {
    getMe: () => api('GET', '/api/me'),
    getDashboard: () => api('GET', `/api/dashboard?month=${new Date().getMonth() + 1}&day=15`),
    listFamilies: () => api('GET', '/api/families'),
    searchDirectory: () => api('GET', `/api/search?q=${encodeURIComponent(family.surname.slice(0, 3))}`),
    getFamily: () => api('GET', `/api/families/${family.familyId}`),
    listGroups: () => api('GET', '/api/groups'),
    getGroup: () => api('GET', `/api/groups/${groupId}`),
    updateFamily: async () => {
      const { version } = (await read(`/api/families/${family.familyId}`)).family;
      meter.take();
      return api('PUT', `/api/families/${family.familyId}`, {
        surname: family.surname,
        phone: '919-555-0199',
        version,
      });
    },
    updateMember: async () => {
      const current = (await read(`/api/families/${family.familyId}`)).family.members.find(
        (m) => m.memberId === member.memberId,
      )!;
      meter.take();
      return api('PUT', `/api/members/${member.memberId}`, { name: member.name, version: current.version });
    },
  };
  const operations: Record<string, Measured> = {};
  for (const [operation, call] of Object.entries(calls)) {
    const runs: (Units & { ms: number; kb: number })[] = [];
    for (let i = 0; i < sized.runs + 1; i++) {
      await forgetWriteRates(stack.config.tableName, [orgId]);
      meter.take();
      const started = performance.now();
      const bytes = await call();
      const ms = performance.now() - started;
      if (i > 0) runs.push({ ...meter.take(), ms, kb: bytes / 1024 }); // the first warms the handler
    }
    operations[operation] = {
      readUnits: median(runs.map((r) => r.read)),
      writeUnits: median(runs.map((r) => r.write)),
      ms: median(runs.map((r) => r.ms)),
      responseKb: median(runs.map((r) => r.kb)),
      memoryMb: routeFor(operation).memoryMb ?? 512,
    };
    const m = operations[operation];
    log(
      `${families} families, ${operation}: ${m.readUnits} RRU, ${m.writeUnits} WRU, ${round2(m.ms)} ms, ${round2(m.responseKb)} KB`,
    );
  }
  // The church's items, as the book reads them all, and their size.
  const tableKb = (directory.families.length + directory.members.length) * 0.5;
  const bookMemoryGb = jobs.directoryBook.tasks.RenderFunctionArn.memoryMb / 1024;
  return {
    families,
    tableKb,
    operations,
    book: {
      gbSeconds: (families / 1000) * BOOK_SECONDS_PER_1000 * bookMemoryGb,
      readUnits: Math.ceil(tableKb / 4) / 2,
      transitions: BOOK_STATE_TRANSITIONS,
      fileMb: (families / 1000) * BOOK_MB_PER_1000,
    },
  };
}

export const cost: BenchModule = {
  name: 'cost',
  async run({ tmpDir, log, size }) {
    const sized = SIZES[size];
    return withLocalStack(tmpDir, async (stack) => {
      const meter = await capacityMeter();
      const metrics: Metric[] = [];
      for (const families of sized.churches) {
        const lines = monthlyCost(await measureChurch(stack, families, sized, meter, log));
        const sum = total(lines);
        log(
          `${families} families: $${sum.toFixed(3)} a month (${Object.entries(lines)
            .sort(([, a], [, b]) => b - a)
            .map(([service, usd]) => `${service} $${usd.toFixed(4)}`)
            .join(', ')}); Cognito plan ${PROFILE.cognitoPlan}`,
        );
        metrics.push({
          name: `cost.church_${families}_usd_month`,
          value: round2(sum),
          unit: 'USD',
          budget: null,
        });
        for (const [service, usd] of Object.entries(lines))
          metrics.push({
            name: `cost.church_${families}.${service}_usd`,
            value: Math.round(usd * 10000) / 10000,
            unit: 'USD',
            budget: null,
          });
      }
      return metrics;
    });
  },
};
