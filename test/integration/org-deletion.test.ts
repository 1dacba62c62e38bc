/**
 * Organisation management (issue 6): the list of organisations, and the deletion of everything of
 * one church as a Step Functions job (lambdas/tasks/orgDeletion.asl.json run locally by
 * aws-local-stepfunctions): its items and index entries, name claim, accounts, photos and exports,
 * then its record. Another church is hashed before and after and must not change by one byte; a
 * deletion stopped part-way and started again finishes with the right counts.
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countsSummary,
  deletionSuccess,
  type DeletedCounts,
  type GetAllOrganizationsResult,
  type JobView,
  type StartJobResult,
} from '../../lambdas/contract/jobs';
import type { Family, Group, Member, Role } from '../../lambdas/core/entities';
import { keys } from '../../lambdas/core/repos/keys';
import { batchPutAll } from '../../lambdas/core/repos/batch';
import {
  familyItem,
  groupItem,
  groupNameItem,
  memberEmailClaimItem,
  memberItem,
  roleItem,
} from '../../lambdas/directory/repos/items';
import { roleMemberName } from '../../lambdas/directory/newRecords';
import { DELETION_PAGE_ITEMS } from '../../lambdas/jobs/orgDeletion';
import { setPendingPage } from '../../lambdas/jobs/repos/jobs';
import { countKinds, deleteKeys, orgPage } from '../../lambdas/jobs/repos/orgDeletion';
import { getPoolUser } from '../../lambdas/platform/aws/pool-users';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { s3 } from '../../lambdas/platform/aws/s3';
import { listKeys } from '../../lambdas/platform/aws/s3-objects';
import { call } from '../support/api';
import { bookKey, churchBooksPrefix } from '../../lambdas/book/bookKeys';
import { stack } from '../support/env';
import { createAccountIn, createChurch, unique, type Church } from '../support/fixtures';
import { injectFault, superAdminIn, waitForJob } from '../support/jobs';

const TABLE = stack.env.TABLE_NAME!;
const PHOTOS = stack.env.PHOTOS_BUCKET!;
const EXPORTS = stack.env.EXPORTS_BUCKET!;
const now = () => new Date().toISOString();
let superToken: string;

interface Built {
  church: Church;
  orgName: string;
  userIds: string[];
  memberIds: string[];
  sharedEmail: string;
  /** What a full deletion must report. */
  expected: DeletedCounts;
}

/**
 * A church of about `families * 5` items: written with the domain's item builders (as the bench
 * and demo do), plus accounts through Cognito, photos and exports in S3.
 */
async function buildChurch(
  families: number,
  options: { accounts: number; photos: number; exports: number; sharedEmail?: string },
): Promise<Built> {
  const church = await createChurch();
  const orgId = church.orgId;
  const { Item: org } = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.org(orgId) }));
  const accounts = await Promise.all(Array.from({ length: options.accounts }, () => createAccountIn(orgId)));
  const stamp = now();
  const fams: Family[] = [];
  const members: Member[] = [];
  const groups: Group[] = [];
  const roles: Role[] = [];
  const sharedEmail = options.sharedEmail ?? `${unique('shared')}@example.org`;
  for (let f = 0; f < families; f++) {
    const familyId = randomUUID();
    fams.push({
      familyId,
      orgId,
      surname: `Family${f}`,
      street: null,
      city: null,
      state: null,
      zipcode: null,
      phone: null,
      anniversary: '06/12',
      photo: null,
      version: 1,
      createdAt: stamp,
      updatedAt: stamp,
    });
    for (let m = 0; m < 3; m++) {
      const email = m === 0 && f % 2 === 0 ? (f === 0 ? sharedEmail : `m${f}.${unique('x')}@example.org`) : null;
      members.push({
        memberId: randomUUID(),
        familyId,
        orgId,
        name: `Name${m}`,
        surname: `Family${f}`,
        birthday: '03/14',
        cellphone: null,
        email,
        version: 1,
        createdAt: stamp,
        updatedAt: stamp,
      });
    }
  }
  for (let g = 0; g < Math.max(1, Math.floor(families / 20)); g++)
    groups.push({ groupId: randomUUID(), orgId, groupName: `Group ${g}`, createdAt: stamp });
  members.slice(0, Math.floor(families * 0.4)).forEach((m, i) => {
    const group = groups[i % groups.length]!;
    roles.push({
      groupId: group.groupId,
      memberId: m.memberId,
      familyId: m.familyId,
      orgId,
      memberName: roleMemberName(m),
      groupName: group.groupName,
      label: null,
      cDate: stamp,
    });
  });
  const items = [
    ...fams.map(familyItem),
    ...members.map(memberItem),
    ...members.flatMap((m) => (m.email ? [memberEmailClaimItem({ ...m, email: m.email })] : [])),
    ...groups.map(groupItem),
    ...groups.map(groupNameItem),
    ...roles.map(roleItem),
  ];
  const lanes = 8;
  const lane = Math.ceil(items.length / lanes / 25) * 25;
  await Promise.all(Array.from({ length: lanes }, (_, i) => batchPutAll(TABLE, items.slice(i * lane, (i + 1) * lane))));
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: keys.org(orgId),
      UpdateExpression: 'SET familyCount = :f, memberCount = :m, groupCount = :g',
      ExpressionAttributeValues: { ':f': fams.length, ':m': members.length, ':g': groups.length },
    }),
  );
  await Promise.all([
    ...Array.from({ length: options.photos }, (_, i) =>
      s3.send(
        new PutObjectCommand({
          Bucket: PHOTOS,
          Key: `${orgId}/photos/${randomUUID()}.jpg`,
          Body: `photo ${i}`,
          ContentType: 'image/jpeg',
        }),
      ),
    ),
    ...Array.from({ length: options.exports }, (_, i) =>
      s3.send(
        new PutObjectCommand({
          Bucket: EXPORTS,
          // Half of them the church's printed books (kept under books/), half other exports.
          Key: i % 2 ? bookKey(orgId, `job-${i}`) : `exports/${orgId}/directory-${i}.pdf`,
          Body: `pdf ${i}`,
          ContentType: 'application/pdf',
        }),
      ),
    ),
  ]);
  const users = 1 + options.accounts;
  const claims = members.filter((m) => m.email).length;
  return {
    church,
    orgName: String(org!.orgName),
    userIds: accounts.map((a) => a.userId),
    memberIds: members.map((m) => m.memberId),
    sharedEmail,
    expected: {
      families: fams.length,
      members: members.length,
      groups: groups.length,
      roles: roles.length,
      users,
      authUsers: users,
      memberEmailClaims: claims,
      groupNameClaims: groups.length,
      ...(options.photos ? { photos: options.photos } : {}),
      ...(options.exports ? { exports: options.exports } : {}),
      // The registration's entry in the audit trail (the items above were put directly, with none).
      auditEntries: 1,
      organizationNameClaims: 1,
      organizations: 1,
    },
  };
}

async function queryAll(input: Record<string, unknown>) {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new QueryCommand({ TableName: TABLE, ...input, ExclusiveStartKey } as never));
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    ExclusiveStartKey = page.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (ExclusiveStartKey);
  return items;
}

const partition = (orgId: string) =>
  queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.orgPartition(orgId) },
    ConsistentRead: true,
  });

/** Everything of a church, as bytes: its partition, name claim, index entries by e-mail, objects, accounts. */
async function fingerprint(built: Built): Promise<string> {
  const orgId = built.church.orgId;
  const items = await partition(orgId);
  const claim = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.orgName(built.orgName) }));
  const byEmail = await queryAll({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.emailPartition(built.sharedEmail) },
  });
  const objects: string[] = [];
  for (const [bucket, prefix] of [
    [PHOTOS, `${orgId}/`],
    [EXPORTS, `exports/${orgId}/`],
    [EXPORTS, churchBooksPrefix(orgId)],
  ] as const) {
    for (const key of (await listKeys(bucket, prefix, 1000)).keys) {
      const body = await (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToString();
      objects.push(`${bucket}/${key}:${body}`);
    }
  }
  const accounts = await Promise.all(built.userIds.map((id) => getPoolUser(id)));
  const canonical = (rows: Record<string, unknown>[]) =>
    rows.map((i) => JSON.stringify(i, Object.keys(i).sort())).sort();
  const text = JSON.stringify([
    canonical(items),
    canonical(claim.Item ? [claim.Item] : []),
    canonical(byEmail.filter((i) => i.orgId === orgId)),
    objects.sort(),
    accounts,
  ]);
  return createHash('sha256').update(text).digest('hex');
}

async function startDeletion(orgId: string) {
  const answer = await call<StartJobResult>('deleteAllDataForOrganization', { token: superToken, body: { orgId } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Nothing of the church is left anywhere. */
async function expectGone(built: Built) {
  const orgId = built.church.orgId;
  expect(await partition(orgId)).toEqual([]);
  expect(
    (await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.orgName(built.orgName), ConsistentRead: true }))).Item,
  ).toBeUndefined();
  const byEmail = await queryAll({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.emailPartition(built.sharedEmail) },
  });
  expect(byEmail.filter((i) => i.orgId === orgId)).toEqual([]);
  const byMember = await queryAll({
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.memberById(orgId, built.memberIds[0]!).GSI3PK },
  });
  expect(byMember).toEqual([]);
  const birthdays = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.birthdayMonth(orgId, '03') },
  });
  expect(birthdays).toEqual([]);
  expect((await listKeys(PHOTOS, `${orgId}/`, 10)).keys).toEqual([]);
  expect((await listKeys(EXPORTS, `exports/${orgId}/`, 10)).keys).toEqual([]);
  expect((await listKeys(EXPORTS, churchBooksPrefix(orgId), 10)).keys).toEqual([]);
  for (const id of built.userIds) expect(await getPoolUser(id)).toBeNull();
  expect(await getPoolUser(built.church.adminEmail)).toBeNull();
  const orgs = await call<GetAllOrganizationsResult>('getAllOrganizations', { token: superToken });
  expect(orgs.body.organizations.map((o) => o.id)).not.toContain(orgId);
}

beforeAll(async () => {
  const home = await createChurch();
  superToken = (await superAdminIn(home.orgId)).token;
});

describe('organisation list', () => {
  it('lists every organisation with id, orgName, cDate, contactName, contactEmail, expire and its app installs, newest first', async () => {
    const a = await createChurch();
    const b = await createChurch();
    const answer = await call<GetAllOrganizationsResult>('getAllOrganizations', { token: superToken });
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    const ids = answer.body.organizations.map((o) => o.id);
    expect(ids.indexOf(b.orgId)).toBeLessThan(ids.indexOf(a.orgId));
    const listed = answer.body.organizations.find((o) => o.id === a.orgId)!;
    expect(Object.keys(listed).sort()).toEqual([
      'appInstalls',
      'cDate',
      'contactEmail',
      'contactName',
      'expire',
      'id',
      'orgName',
    ]);
    expect(listed.appInstalls).toEqual({ ios: 0, android: 0 });
    expect(listed.contactEmail).toBe(a.adminEmail);
    expect(new Date(listed.expire!).getTime() - new Date(listed.cDate!).getTime()).toBeGreaterThan(364 * 86_400_000);
  });
});

describe('deleting all data of an organisation', () => {
  it('deletes a church of 5,000 items, its accounts, photos and exports; another church stays byte for byte', async () => {
    const other = await buildChurch(40, { accounts: 2, photos: 3, exports: 1 });
    // The doomed church shares a member e-mail with the other one (one GSI2 partition for both).
    const doomed = await buildChurch(1000, { accounts: 3, photos: 12, exports: 3, sharedEmail: other.sharedEmail });
    const before = await fingerprint(other);
    expect((await partition(doomed.church.orgId)).length).toBeGreaterThanOrEqual(5000);

    const started = await startDeletion(doomed.church.orgId);
    expect(started).toMatchObject({ success: true, jobId: `delete-${doomed.church.orgId}`, status: 'RUNNING' });
    const job = await waitForJob(superToken, started.jobId);
    expect(job.status, job.error ?? '').toBe('SUCCEEDED');
    expect(job.kind).toBe('orgDeletion');
    expect(job.deletion!.deletedCounts).toEqual(doomed.expected);
    expect(job.deletion!.message).toBe(deletionSuccess(doomed.orgName, doomed.church.orgId, doomed.expected));
    expect(job.deletion!.message).toContain(countsSummary(doomed.expected));
    expect(job.progress.items).toBe(Object.values(doomed.expected).reduce((a, b) => a + (b ?? 0), 0));

    await expectGone(doomed);
    expect(await fingerprint(other)).toBe(before);
    // The other church still works through the API.
    expect((await call('listFamilies', { token: other.church.adminToken })).status).toBe(200);

    // Idempotent: asking again answers the finished job; nothing runs, nothing changes.
    const again = await startDeletion(doomed.church.orgId);
    expect(again).toMatchObject({ jobId: started.jobId, status: 'SUCCEEDED' });
    expect(
      (await call<JobView>('getJob', { token: superToken, params: { jobId: started.jobId } })).body.deletion!
        .deletedCounts,
    ).toEqual(doomed.expected);
  });

  it('resumes a deletion stopped part-way and finishes with the right counts', async () => {
    const built = await buildChurch(400, { accounts: 2, photos: 4, exports: 2 });
    const orgId = built.church.orgId;

    // First run: the accounts go, one page of items goes, then the items step keeps failing.
    await injectFault({ state: 'DeleteItems', afterCalls: 1, fastRetries: true });
    let job: JobView;
    try {
      const started = await startDeletion(orgId);
      job = await waitForJob(superToken, started.jobId);
    } finally {
      await injectFault(null);
    }
    expect(job.status).toBe('FAILED');
    expect(job.error).toContain('Fault injected into DeleteItems');
    expect(job.deletion!.message).toBe(`Deletion failed: ${job.error}`);
    const partial = job.deletion!.deletedCounts;
    expect(partial.users).toBe(built.expected.users);
    expect(partial.authUsers).toBe(built.expected.authUsers);
    // One page of items went before the fault.
    expect(
      (partial.families ?? 0) +
        (partial.members ?? 0) +
        (partial.memberEmailClaims ?? 0) +
        (partial.groups ?? 0) +
        (partial.groupNameClaims ?? 0) +
        (partial.roles ?? 0) +
        (partial.auditEntries ?? 0),
    ).toBe(DELETION_PAGE_ITEMS);
    expect(partial.organizations).toBeUndefined();
    expect((await partition(orgId)).length).toBeGreaterThan(0);

    // A crash inside a page: its keys recorded as pending and deleted, but never counted.
    const { items } = await orgPage(orgId, 'items', 100);
    expect(
      await setPendingPage(job.jobId, 'pending', {
        keys: items.map((i) => ({ PK: String(i.PK), SK: String(i.SK) })),
        counts: countKinds(items),
        accounts: [],
      }),
    ).toBe(true);
    await deleteKeys(items.map((i) => ({ PK: String(i.PK), SK: String(i.SK) })));

    // Second run, with a photo page that does its work and then reports a failure once (retried).
    await injectFault({ state: 'DeletePhotos', times: 1, when: 'after', fastRetries: true });
    try {
      const resumed = await startDeletion(orgId);
      expect(resumed.jobId).toBe(job.jobId);
      job = await waitForJob(superToken, resumed.jobId);
    } finally {
      await injectFault(null);
    }
    expect(job.status, job.error ?? '').toBe('SUCCEEDED');
    expect(job.deletion!.deletedCounts).toEqual(built.expected);
    await expectGone(built);
  });

  it('answers not-found for an organisation that does not exist, and refuses a malformed id', async () => {
    const missing = await call('deleteAllDataForOrganization', { token: superToken, body: { orgId: randomUUID() } });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'not-found', message: 'Organization not found.' });
    for (const orgId of ['', '../x', 'a'.repeat(65), 42]) {
      const bad = await call('deleteAllDataForOrganization', { token: superToken, body: { orgId } });
      expect(bad.status, JSON.stringify(orgId)).toBe(400);
    }
  });
});
