/**
 * Bench module: the super-admin's jobs (issue 6) on a generated church (70,000 items by default), against
 * the real local stack (dynoxide, cognito-local, s3rver, and the state machines run by
 * aws-local-stepfunctions with the real task handlers), each next to the raw DynamoDB rate for the
 * same items in the same run.
 *
 *  - report.items_per_s: items the integrity report checked, over the job's own time (its record's
 *    startedAt to finishedAt: from the start route to the Finish task). The table holds the church
 *    and its registration only, so "items checked" is the church.
 *  - report.seconds, deletion.seconds: each job's own time, start to end.
 *  - report.over_raw_ratio: that rate over the raw rate of reading the same items: a plain Query of
 *    the church's partition, every 1 MB page, with a plain document client (median of 3).
 *  - deletion.items_per_s: items the deletion removed (table items, Cognito accounts and the
 *    organisation record and name claim all counted), over the job's own time.
 *  - deletion.over_raw_ratio: that rate over the raw rate of deleting an identical church (a
 *    clone with the same item shapes, written beside it): Query its keys page by page and
 *    BatchWriteItem-delete them 25 per request, 8 requests in flight (as the seeding does).
 *
 * Ratios: ours divided by raw; higher is better, 1.0 means the job keeps up with the bare calls.
 * The stack runs in-process on its own ports (test/bench/stack.ts: ports 4700-4703) and data folder.
 */
import { randomUUID } from 'node:crypto';
import { newFamily, newMember, newRole } from '../../lambdas/directory/newRecords';
import { median, type BenchModule, type BenchSize, type Metric } from './metrics';
import { registerChurch, withLocalStack } from './stack';

/**
 * The church's size. The default, 4,000 families of 3 (+ 2,000 e-mail claims, 100 groups, 100 name
 * claims and 1,800 roles: 20,000 items, with their search words 70,000), keeps `npm run bench` short;
 * the church maximum (docs/limits.md) is `BENCH_JOBS_FAMILIES=20000 BENCH_JOBS_MEMBERS_PER_FAMILY=5`
 * (422,000 items). The smoke run (size `smoke`): 30 families of 3, 5 groups, 15 roles.
 */
const DEFAULT_FAMILIES = 4000;
const PASSWORD = 'bench-super-1';

interface JobsSize {
  families: number;
  membersPerFamily: number;
  groups: number;
  /** Member r × 5 in group r mod groups: at most a fifth of the members. */
  roles: number;
  rawRuns: number;
  /** Another size's figures are named apart (report.20000.items_per_s), as the PDF's are. */
  at: string;
}

function jobsSize(size: BenchSize): JobsSize {
  if (size === 'smoke') return { families: 30, membersPerFamily: 3, groups: 5, roles: 15, rawRuns: 1, at: '30.' };
  const families = Number(process.env.BENCH_JOBS_FAMILIES ?? DEFAULT_FAMILIES);
  return {
    families,
    membersPerFamily: Number(process.env.BENCH_JOBS_MEMBERS_PER_FAMILY ?? 3),
    groups: 100,
    roles: 1800,
    rawRuns: 3,
    at: families === DEFAULT_FAMILIES ? '' : `${families}.`,
  };
}

export const jobs: BenchModule = {
  name: 'jobs',
  async run({ tmpDir, log, size }) {
    return withLocalStack(tmpDir, (stack) => measure(stack.url, stack.pool, stack.config, jobsSize(size), log));
  },
};

async function measure(
  url: string,
  pool: { endpoint: string; clientId: string },
  config: { tableName: string; superAdminEmail: string; dataDir: string },
  sized: JobsSize,
  log: (message: string) => void,
): Promise<Metric[]> {
  const { families: familyCount, membersPerFamily, groups: groupCount, roles: roleCount, rawRuns, at } = sized;
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand, UpdateCommand } =
    await import('@aws-sdk/lib-dynamodb');
  const { createAccount, markEmailVerified } = await import('../../lambdas/accounts/identity');
  const { turnOnOperatorTotp, signInWithTotp } = await import('../../lib/local/operator-totp');
  const { batchPutAll } = await import('../../lambdas/core/repos/batch');
  const items = await import('../../lambdas/directory/repos/items');
  const { withGroupMarks } = await import('../../lambdas/groups/repos/groupMarks');
  const { wordItemsOf } = await import('../../lambdas/directory/repos/find');
  const { keys } = await import('../../lambdas/core/repos/keys');
  type Family = import('../../lambdas/core/entities').Family;
  type Member = import('../../lambdas/core/entities').Member;
  type Group = import('../../lambdas/core/entities').Group;
  type Role = import('../../lambdas/core/entities').Role;
  type JobView = import('../../lambdas/contract/jobs').JobView;

  const plain = DynamoDBDocumentClient.from(new DynamoDBClient({}));

  const { tableName: table, superAdminEmail, dataDir } = config;
  // The operator: the configured super-admin address, verified (no organisation of its own), with
  // two-step sign-in on, as the super-admin routes require.
  await createAccount({
    email: superAdminEmail,
    name: 'Bench Operator',
    password: PASSWORD,
    custom: {},
    emailTakenMessage: 'taken',
  });
  await markEmailVerified(superAdminEmail);
  const totpKey = await turnOnOperatorTotp(dataDir, superAdminEmail, PASSWORD);
  const token = (await signInWithTotp(superAdminEmail, PASSWORD, totpKey)).IdToken!;

  const api = async <T>(method: string, pathname: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${method} ${pathname}: ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  const waitForJob = async (jobId: string): Promise<JobView> => {
    for (;;) {
      const job = await api<JobView>('GET', `/api/admin/jobs/${jobId}`);
      if (job.status !== 'RUNNING') return job;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const jobSeconds = (job: JobView) => (new Date(job.finishedAt!).getTime() - new Date(job.startedAt).getTime()) / 1000;

  /** A church registered through the API, then its items written with the domain's item builders. */
  async function church(name: string) {
    const adminEmail = `admin.${randomUUID().slice(0, 8)}@bench.example`;
    const orgId = await registerChurch(url, pool, name, { email: adminEmail, password: 'bench-admin-1' });
    const stamp = new Date().toISOString();
    const families: Family[] = [];
    const members: Member[] = [];
    const groups: Group[] = [];
    const roles: Role[] = [];
    for (let f = 0; f < familyCount; f++) {
      const familyId = randomUUID();
      families.push(
        newFamily(
          {
            familyId,
            orgId,
            surname: `Surname${f}`,
            street: `${f} Oak Street`,
            city: 'Raleigh',
            state: 'NC',
            zipcode: '27601',
            phone: '(919) 555-0100',
            anniversary: `${String(1 + (f % 12)).padStart(2, '0')}/${String(1 + (f % 28)).padStart(2, '0')}`,
            photo: null,
          },
          stamp,
        ),
      );
      for (let m = 0; m < membersPerFamily; m++) {
        members.push(
          newMember(
            {
              memberId: randomUUID(),
              familyId,
              orgId,
              name: `Name${m}`,
              surname: `Surname${f}`,
              birthday: `${String(1 + ((f + m) % 12)).padStart(2, '0')}/${String(1 + ((f * 3 + m) % 28)).padStart(2, '0')}`,
              cellphone: m === 0 ? '(919) 555-0101' : null,
              email: m === 0 && f % 2 === 0 ? `m${f}.${orgId.slice(0, 8)}@bench.example` : null,
            },
            stamp,
          ),
        );
      }
    }
    for (let g = 0; g < groupCount; g++)
      groups.push({ groupId: randomUUID(), orgId, groupName: `Group ${g}`, createdAt: stamp });
    for (let r = 0; r < roleCount; r++) {
      roles.push(newRole(members[r * 5]!, groups[r % groupCount]!, null, stamp));
    }
    const marked = withGroupMarks(families, members, roles);
    const all = [
      ...marked.families.map(items.familyItem),
      ...marked.members.map(items.memberItem),
      ...members.flatMap((m) => (m.email ? [items.memberEmailClaimItem({ ...m, email: m.email })] : [])),
      ...groups.map(items.groupItem),
      ...groups.map(items.groupNameItem),
      ...roles.map(items.roleItem),
      ...wordItemsOf(families, members),
    ];
    const lanes = 8;
    const lane = Math.ceil(all.length / lanes / 25) * 25;
    await Promise.all(Array.from({ length: lanes }, (_, i) => batchPutAll(table, all.slice(i * lane, (i + 1) * lane))));
    await plain.send(
      new UpdateCommand({
        TableName: table,
        Key: keys.org(orgId),
        UpdateExpression: 'SET familyCount = :f, memberCount = :m, groupCount = :g',
        ExpressionAttributeValues: { ':f': families.length, ':m': members.length, ':g': groups.length },
      }),
    );
    return { orgId, generated: all.length };
  }

  const queryPartition = async (orgId: string, projection?: string) => {
    const found: Record<string, unknown>[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await plain.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.orgPartition(orgId) },
          ...(projection ? { ProjectionExpression: projection } : {}),
          ExclusiveStartKey,
        }),
      );
      found.push(...((page.Items ?? []) as Record<string, unknown>[]));
      ExclusiveStartKey = page.LastEvaluatedKey as Record<string, unknown> | undefined;
    } while (ExclusiveStartKey);
    return found;
  };

  const seedStart = performance.now();
  const measured = await church('Bench Report Church');
  const partitionSize = (await queryPartition(measured.orgId, 'PK')).length;
  log(
    `seeded ${measured.generated} items (${partitionSize} in the church's partition) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  // --- Report ------------------------------------------------------------------------------------
  const rawReads: number[] = [];
  for (let i = 0; i < rawRuns; i++) {
    const t0 = performance.now();
    const read = await queryPartition(measured.orgId);
    rawReads.push(read.length / ((performance.now() - t0) / 1000));
  }
  const rawReadRate = median(rawReads);
  const reportStarted = await api<{ jobId: string }>('POST', '/api/admin/integrity-reports', {});
  const report = await waitForJob(reportStarted.jobId);
  if (report.status !== 'SUCCEEDED' || !report.report)
    throw new Error(`the report ended ${report.status}: ${report.error}`);
  const ours = report.report.issues.filter((i) => i.problematicOrgId === measured.orgId);
  if (ours.length)
    throw new Error(`the report found ${ours.length} issues in the generated church, e.g. ${JSON.stringify(ours[0])}`);
  const reportRate = report.progress.items / jobSeconds(report);
  log(
    `report: ${report.progress.items} items checked in ${jobSeconds(report).toFixed(2)} s (${reportRate.toFixed(0)}/s, ${report.progress.pages} pages); raw Query: ${rawReadRate.toFixed(0)} items/s (median of ${rawRuns})`,
  );

  // --- Deletion ----------------------------------------------------------------------------------
  // Raw: an identical clone, its keys queried page by page and deleted 25 per BatchWriteItem, 8 in flight.
  const clone = await church('Bench Clone Church');
  const rawStart = performance.now();
  const cloneKeys = (await queryPartition(clone.orgId, 'PK, SK')).map((i) => ({ PK: i.PK, SK: i.SK }));
  const chunks: (typeof cloneKeys)[] = [];
  for (let i = 0; i < cloneKeys.length; i += 25) chunks.push(cloneKeys.slice(i, i + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < chunks.length) {
        let request: Record<string, unknown[]> | undefined = {
          [table]: chunks[next++]!.map((Key) => ({ DeleteRequest: { Key } })),
        };
        while (request && Object.keys(request).length) {
          const { UnprocessedItems } = await plain.send(new BatchWriteCommand({ RequestItems: request as never }));
          request = UnprocessedItems as typeof request;
        }
      }
    }),
  );
  const rawDeleteRate = cloneKeys.length / ((performance.now() - rawStart) / 1000);
  if ((await queryPartition(clone.orgId, 'PK')).length !== 0) throw new Error('the raw deletion left items behind');

  const deletionStarted = await api<{ jobId: string }>('POST', '/api/admin/organization-deletions', {
    orgId: measured.orgId,
  });
  const deletion = await waitForJob(deletionStarted.jobId);
  if (deletion.status !== 'SUCCEEDED' || !deletion.deletion)
    throw new Error(`the deletion ended ${deletion.status}: ${deletion.error}`);
  const deleted = Object.values(deletion.deletion.deletedCounts).reduce((a, b) => a + (b ?? 0), 0);
  if ((await queryPartition(measured.orgId, 'PK')).length !== 0) throw new Error('the deletion left items behind');
  if (deleted < partitionSize)
    throw new Error(`the deletion counted ${deleted} items, the partition held ${partitionSize}`);
  const deletionRate = deleted / jobSeconds(deletion);
  log(
    `deletion: ${deleted} items in ${jobSeconds(deletion).toFixed(2)} s (${deletionRate.toFixed(0)}/s, ${deletion.progress.pages} pages); raw Query+BatchWrite: ${rawDeleteRate.toFixed(0)} items/s`,
  );
  plain.destroy();

  return [
    { name: `report.${at}items_per_s`, value: reportRate, unit: 'items/s', budget: null },
    { name: `report.${at}seconds`, value: jobSeconds(report), unit: 's', budget: null },
    { name: `report.${at}raw_query_items_per_s`, value: rawReadRate, unit: 'items/s', budget: null },
    { name: `report.${at}over_raw_ratio`, value: reportRate / rawReadRate, unit: 'x', budget: null },
    { name: `deletion.${at}items_per_s`, value: deletionRate, unit: 'items/s', budget: null },
    { name: `deletion.${at}seconds`, value: jobSeconds(deletion), unit: 's', budget: null },
    { name: `deletion.${at}raw_batchwrite_items_per_s`, value: rawDeleteRate, unit: 'items/s', budget: null },
    { name: `deletion.${at}over_raw_ratio`, value: deletionRate / rawDeleteRate, unit: 'x', budget: null },
  ];
}
