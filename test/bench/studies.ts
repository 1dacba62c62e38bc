/**
 * Bench module: Bible studies (issue 35), against the real local stack, on a church of 200
 * families with 40 studies (10 for the smoke run), half shared with the church, half with a group.
 *
 *  - studies.list.ddb_requests, studies.page.ddb_requests: DynamoDB requests behind a member's
 *    list and a study's page, one API call each: budget 2 each (the caller's record, and one Query
 *    or one BatchGetItem).
 *  - studies.list_writer.ddb_requests: an administrator's list, which also names the groups a new
 *    study may be shared with (one more Query, side by side).
 *  - studies.list.p50_ms, studies.page.p50_ms, studies.write.p50_ms (a study of four sessions saved).
 *  - studies.handout.ddb_requests (budget 2: the caller's record, and one BatchGetItem of the study,
 *    its sessions and its church), studies.handout.p50_ms (that study printed as a PDF handout by
 *    the book's pipeline, stored and linked: one call) and studies.handout_kb (its file).
 */
import { generateDirectory, seedDirectory } from './church';
import { countDdbRequests } from './ddbCounter';
import { kb, median, type BenchModule, type BenchSize, type Metric } from './metrics';
import { linkedAccount, registerChurch, signInLocal, withLocalStack, type BenchStack } from './stack';

const SEED = 20261130;
const SIZES: Record<BenchSize, { studies: number; runs: number }> = {
  full: { studies: 40, runs: 30 },
  smoke: { studies: 10, runs: 2 },
};
const ADMIN = { email: 'admin@studies.bench', password: 'bench-admin-1' };
const MEMBER = { email: 'member@studies.bench', password: 'bench-member-1' };

export const studies: BenchModule = {
  name: 'studies',
  async run({ tmpDir, log, size }) {
    return withLocalStack(tmpDir, (stack) => measure(stack, SIZES[size], log));
  },
};

const study = (i: number, groupId: string) => ({
  title: `Study ${i}`,
  description: 'Four weeks in **Romans**, with questions to discuss.',
  sharing: i % 2 ? 'groups' : 'church',
  groupIds: i % 2 ? [groupId] : [],
  sessions: Array.from({ length: 4 }, (_, s) => ({
    title: `Week ${s + 1}`,
    date: new Date(Date.now() + (s + i) * 86_400_000).toISOString().slice(0, 10),
    items: [
      { kind: 'text', markdown: 'Read the passage twice, *slowly*.\n\n- What stands out?\n- What is hard?' },
      { kind: 'scripture', reference: `rom ${s + 1}:1-12` },
      { kind: 'question', text: 'What does this say about grace?' },
    ],
  })),
});

async function measure(stack: BenchStack, sized: { studies: number; runs: number }, log: (m: string) => void) {
  const orgId = await registerChurch(stack.url, stack.pool, 'Studies Bench Church', ADMIN);
  const { families, members } = generateDirectory(orgId, 200, SEED);
  await seedDirectory(stack.config.tableName, orgId, { families, members });
  await linkedAccount(stack, orgId, members[0]!, MEMBER);
  const tokens = {
    admin: await signInLocal(stack.pool, ADMIN.email, ADMIN.password),
    member: await signInLocal(stack.pool, MEMBER.email, MEMBER.password),
  };
  const request = async (token: string, path: string, init: RequestInit = {}) => {
    const response = await fetch(`${stack.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
    return text;
  };
  const timed = async (work: () => Promise<unknown>) => {
    const t0 = performance.now();
    await work();
    return performance.now() - t0;
  };
  const { groupId } = JSON.parse(
    await request(tokens.admin, '/api/groups', { method: 'POST', body: JSON.stringify({ groupName: 'Bench Study' }) }),
  ) as { groupId: string };
  const writes: number[] = [];
  let studyId = '';
  for (let i = 0; i < sized.studies; i++)
    writes.push(
      await timed(async () => {
        const saved = await request(tokens.admin, '/api/studies', {
          method: 'POST',
          body: JSON.stringify(study(i, groupId)),
        });
        if (i % 2 === 0) studyId = (JSON.parse(saved) as { studyId: string }).studyId;
      }),
    );
  log(`wrote ${sized.studies} studies`);

  const metrics: Metric[] = [];
  const reads: [string, string, string, number | null][] = [
    ['list', tokens.member, '/api/studies', 2],
    ['page', tokens.member, `/api/studies/${studyId}`, 2],
    ['list_writer', tokens.admin, '/api/studies', null],
  ];
  for (const [name, token, path, budget] of reads) {
    const counter = await countDdbRequests((p) => request(token, p), log);
    try {
      const { requests } = await counter.count(path);
      metrics.push({ name: `studies.${name}.ddb_requests`, value: requests, unit: 'requests', budget });
    } finally {
      counter.stop();
    }
    if (name === 'list_writer') continue;
    const samples: number[] = [];
    for (let i = 0; i < sized.runs; i++) samples.push(await timed(() => request(token, path)));
    metrics.push({ name: `studies.${name}.p50_ms`, value: median(samples), unit: 'ms', budget: null });
  }
  metrics.push({ name: 'studies.write.p50_ms', value: median(writes), unit: 'ms', budget: null });

  const print = (path: string) => request(tokens.member, path, { method: 'POST' });
  const handout = `/api/studies/${studyId}/handout`;
  const counter = await countDdbRequests(print, log);
  try {
    const { requests } = await counter.count(handout);
    metrics.push({ name: 'studies.handout.ddb_requests', value: requests, unit: 'requests', budget: 2 });
  } finally {
    counter.stop();
  }
  const printed: number[] = [];
  for (let i = 0; i < sized.runs; i++) printed.push(await timed(() => print(handout)));
  metrics.push({ name: 'studies.handout.p50_ms', value: median(printed), unit: 'ms', budget: null });
  const { url } = JSON.parse(await print(handout)) as { url: string };
  const file = await (await fetch(url)).arrayBuffer();
  metrics.push({ name: 'studies.handout_kb', value: kb(file.byteLength), unit: 'KB', budget: null });
  return metrics;
}
