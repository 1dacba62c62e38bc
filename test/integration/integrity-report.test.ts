/**
 * The data integrity report (issue 6), run through the API as the super-admin on the real local
 * stack: the same state machine file as in AWS, run by aws-local-stepfunctions, its tasks the real
 * handlers. Broken data is written straight into the table, S3 and Cognito, one kind per check,
 * and the report finds each exactly once and nothing else; a church made through the API only
 * gives no finding at all.
 *
 * The table is shared with the other test files, so findings are compared for the churches (and
 * accounts) this file made.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PhotoUploadResult } from '../../lambdas/contract/api';
import type { IntegrityIssue, JobView } from '../../lambdas/contract/jobs';
import type { Family, Member } from '../../lambdas/core/entities';
import { createAccount } from '../../lambdas/accounts/identity';
import { keys } from '../../lambdas/core/repos/keys';
import { newPhotoKey } from '../../lambdas/photos/photo-keys';
import { familyItem, memberItem, roleItem } from '../../lambdas/directory/repos/items';
import { roleMemberName } from '../../lambdas/directory/newRecords';
import { userItem } from '../../lambdas/accounts/repos/users';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { s3 } from '../../lambdas/platform/aws/s3';
import { call } from '../support/api';
import { stack } from '../support/env';
import {
  addFamilyVia,
  createAccountIn,
  createChurch,
  newId,
  PASSWORD,
  signUpAndJoin,
  unique,
  type Church,
} from '../support/fixtures';
import { runReport, superAdminIn } from '../support/jobs';
import { preparedStatus, TINY_JPEG } from '../support/upload';

const TABLE = stack.env.TABLE_NAME!;
const JPEG = TINY_JPEG;
const now = () => new Date().toISOString();

const put = (Item: Record<string, unknown>) => ddb.send(new PutCommand({ TableName: TABLE, Item }));
/** Direct writes keep the organisation's counts right, so each broken item shows only its own finding. */
const bump = (orgId: string, field: 'familyCount' | 'memberCount' | 'groupCount', by: number) =>
  ddb.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: keys.org(orgId),
      UpdateExpression: 'ADD #f :n',
      ExpressionAttributeNames: { '#f': field },
      ExpressionAttributeValues: { ':n': by },
    }),
  );

const family = (orgId: string, overrides: Partial<Family> = {}): Family => ({
  familyId: newId(),
  orgId,
  surname: 'Broken',
  street: null,
  city: null,
  state: null,
  zipcode: null,
  phone: null,
  anniversary: '05/06',
  photo: null,
  version: 1,
  createdAt: now(),
  updatedAt: now(),
  ...overrides,
});

const member = (orgId: string, familyId: string, overrides: Partial<Member> = {}): Member => ({
  memberId: newId(),
  familyId,
  orgId,
  name: 'Ada',
  surname: 'Broken',
  birthday: '07/08',
  cellphone: null,
  email: null,
  version: 1,
  createdAt: now(),
  updatedAt: now(),
  ...overrides,
});

/** The identity of a finding, as the assertions compare them. */
const id = (i: Pick<IntegrityIssue, 'collectionName' | 'documentId' | 'referencedField'>) =>
  `${i.collectionName} ${i.documentId} ${i.referencedField}`;

let superToken: string;
let job: JobView;
let broken: Church;
let clean: Church;
const expected: string[] = [];
const ghostOrgs: string[] = [];
let waiting: string;
let refused: string;
let orphanAccount: string;

async function addGroupVia(token: string, name = unique('Choir')) {
  const added = await call<{ groupId: string }>('addGroup', { token, body: { groupName: name } });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return added.body.groupId;
}

beforeAll(async () => {
  [broken, clean] = await Promise.all([createChurch(), createChurch()]);
  superToken = (await superAdminIn(clean.orgId)).token;

  // --- The clean church: everything through the API (renames, deletes, roles, a photo) ----------
  const first = await addFamilyVia(clean.adminToken);
  const second = await addFamilyVia(clean.adminToken, { anniversary: null });
  const presigned = await call<PhotoUploadResult>('createPhotoUpload', {
    token: clean.adminToken,
    body: { contentType: 'image/jpeg', size: JPEG.length, familyId: first.familyId },
  });
  await fetch(presigned.body.url, { method: 'PUT', headers: presigned.body.headers, body: JPEG });
  // As the form does: wait until the photo pipeline has checked the upload.
  await preparedStatus(clean.adminToken, presigned.body.photo);
  const renamed = await call<{ version: number }>('updateFamily', {
    token: clean.adminToken,
    params: { familyId: first.familyId },
    body: {
      surname: 'Renamed',
      street: null,
      city: null,
      state: null,
      zipcode: null,
      phone: null,
      anniversary: '12/24',
      photo: presigned.body.photo,
      version: first.familyVersion,
    },
  });
  expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  const choir = await addGroupVia(clean.adminToken);
  const ushers = await addGroupVia(clean.adminToken);
  for (const [groupId, memberId] of [
    [choir, first.memberId],
    [choir, second.memberId],
    [ushers, first.memberId],
  ] as const) {
    const role = await call('addRole', {
      token: clean.adminToken,
      params: { groupId },
      body: { memberId, label: 'Tenor' },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
  }
  const joined = await call('addMember', {
    token: clean.adminToken,
    body: { familyId: second.familyId, name: 'Joiner', birthday: '02/29', email: `${unique('joiner')}@example.org` },
  });
  expect(joined.status).toBe(200);
  expect((await call('deleteMember', { token: clean.adminToken, params: { memberId: second.memberId } })).status).toBe(
    200,
  );
  expect((await call('deleteGroup', { token: clean.adminToken, params: { groupId: ushers } })).status).toBe(200);
  await createAccountIn(clean.orgId, { memberId: first.memberId, familyId: first.familyId });

  // --- The broken church: one kind of damage per check -------------------------------------------
  const o = broken.orgId;
  const base = await addFamilyVia(broken.adminToken);
  const other = await addFamilyVia(broken.adminToken);
  const group = await addGroupVia(broken.adminToken, 'Elders');
  const baseMember = { memberId: base.memberId, familyId: base.familyId, name: 'Lydia' };
  const baseSurname = (
    await call<{ member: { surname: string } }>('getMember', {
      token: broken.adminToken,
      params: { memberId: base.memberId },
    })
  ).body.member.surname;
  const role = (memberId: string, familyId: string, overrides: Record<string, unknown> = {}) =>
    roleItem({
      groupId: group,
      memberId,
      familyId,
      orgId: o,
      memberName: roleMemberName({ name: 'Lydia', surname: baseSurname }),
      groupName: 'Elders',
      label: null,
      cDate: now(),
      ...overrides,
    });

  // A member whose family does not exist.
  const orphan = member(o, newId());
  await put(memberItem(orphan));
  await bump(o, 'memberCount', 1);
  expected.push(`member ${orphan.memberId} familyId`);

  // A family and a member whose organisation does not exist (partitions of a church never registered).
  const ghostOrg = newId();
  ghostOrgs.push(ghostOrg);
  const ghostFamily = family(ghostOrg);
  const ghostMember = member(ghostOrg, ghostFamily.familyId);
  await put(familyItem(ghostFamily));
  await put(memberItem(ghostMember));
  expected.push(`family ${ghostFamily.familyId} orgId`, `member ${ghostMember.memberId} orgId`);

  // Roles: member missing, group missing, stale familyId, stale memberName, stale groupName.
  const missingMember = newId();
  await put(role(missingMember, base.familyId));
  expected.push(`role ${group}/${missingMember} memberId`);
  const missingGroup = newId();
  await put(role(baseMember.memberId, base.familyId, { groupId: missingGroup }));
  expected.push(`role ${missingGroup}/${baseMember.memberId} groupId`);
  const groupB = await addGroupVia(broken.adminToken, 'Deacons');
  await put(role(baseMember.memberId, other.familyId, { groupId: groupB, groupName: 'Deacons' }));
  expected.push(`role ${groupB}/${baseMember.memberId} familyId`);
  const groupC = await addGroupVia(broken.adminToken, 'Greeters');
  await put(
    role(baseMember.memberId, base.familyId, { groupId: groupC, groupName: 'Greeters', memberName: 'Somebody Else' }),
  );
  expected.push(`role ${groupC}/${baseMember.memberId} memberName`);
  const groupD = await addGroupVia(broken.adminToken, 'Readers');
  await put(role(baseMember.memberId, base.familyId, { groupId: groupD, groupName: 'Old Readers' }));
  expected.push(`role ${groupD}/${baseMember.memberId} groupName`);

  // A user record without a Cognito account, and a Cognito account without a user record.
  const ghostUser = newId();
  await put(
    userItem({
      userId: ghostUser,
      orgId: o,
      email: `${unique('ghost')}@example.org`,
      admin: false,
      memberId: null,
      familyId: null,
      createdAt: now(),
      platform: null,
      mobileAppLinked: false,
    }),
  );
  expected.push(`users ${ghostUser} userId`);
  orphanAccount = await createAccount({
    email: `${unique('lonely')}@example.org`,
    name: 'Lonely',
    password: PASSWORD,
    custom: { orgId: o, admin: 'false' },
    emailTakenMessage: 'taken',
  });
  expected.push(`accounts ${orphanAccount} email`);

  // Users whose member link and family link are broken (real accounts, so only the link is wrong).
  const badMemberLink = await createAccountIn(o, { memberId: newId(), familyId: base.familyId });
  expected.push(`users ${badMemberLink.userId} memberId`);
  const badFamilyLink = await createAccountIn(o, { familyId: newId() });
  expected.push(`users ${badFamilyLink.userId} familyId`);

  // Organisation counts that differ from the items.
  await bump(o, 'groupCount', 3);
  expected.push(`organization ${o} groupCount`);

  // A photo path whose object is missing, beside one whose object exists (no finding).
  const lostPhoto = family(o, { photo: `${o}/photos/${newId()}.jpg` });
  await put(familyItem(lostPhoto));
  const keptPhoto = family(o, { photo: `${o}/photos/${newId()}.jpg` });
  await s3.send(
    new PutObjectCommand({
      Bucket: stack.env.PHOTOS_BUCKET,
      Key: keptPhoto.photo!,
      Body: JPEG,
      ContentType: 'image/jpeg',
    }),
  );
  await put(familyItem(keptPhoto));
  // A photo in another family's folder (its object there): not this family's to hold.
  const strayPhoto = family(o, { photo: newPhotoKey(o, base.familyId, 'image/jpeg') });
  await s3.send(
    new PutObjectCommand({
      Bucket: stack.env.PHOTOS_BUCKET,
      Key: strayPhoto.photo!,
      Body: JPEG,
      ContentType: 'image/jpeg',
    }),
  );
  await put(familyItem(strayPhoto));
  await bump(o, 'familyCount', 3);
  expected.push(`family ${lostPhoto.familyId} photo`, `family ${strayPhoto.familyId} photo`);

  // Birthday and anniversary that break MM/DD.
  const badBirthday = member(o, base.familyId, { birthday: '13/45' });
  await put(memberItem(badBirthday));
  await bump(o, 'memberCount', 1);
  expected.push(`member ${badBirthday.memberId} birthday`);
  const badAnniversary = family(o, { anniversary: '2019-06-01' });
  await put(familyItem(badAnniversary));
  await bump(o, 'familyCount', 1);
  expected.push(`family ${badAnniversary.familyId} anniversary`);

  // A sign-up waiting for its code, and one proven whose address no church holds (refused): states, not faults.
  waiting = `${unique('waiting')}@example.org`;
  expect(
    (await call('newUser', { body: { fullName: 'Waiting', email: waiting, password: PASSWORD, orgId: clean.orgId } }))
      .status,
  ).toBe(200);
  refused = `${unique('refused')}@example.org`;
  expect((await signUpAndJoin(refused, clean.orgId)).status).toBe(403);

  job = await runReport(superToken);
}, 180_000);

const ours = (issues: IntegrityIssue[], orgIds: string[]) =>
  issues.filter((i) => i.problematicOrgId !== null && orgIds.includes(i.problematicOrgId));

describe('data integrity report', () => {
  it('finishes with success, message, totalIssues, issuesByCollection and issues', () => {
    expect(job.status, job.error ?? '').toBe('SUCCEEDED');
    expect(job.kind).toBe('integrityReport');
    const report = job.report!;
    expect(Object.keys(report).sort()).toEqual(['issues', 'issuesByCollection', 'message', 'success', 'totalIssues']);
    expect(report.success).toBe(true);
    expect(report.totalIssues).toBe(Object.values(report.issuesByCollection).reduce((a, b) => a + b, 0));
    expect(report.issues.length).toBe(Math.min(report.totalIssues, 5000));
    for (const issue of report.issues) {
      expect(Object.keys(issue).sort()).toEqual([
        'collectionName',
        'documentId',
        'problematicOrgId',
        'reason',
        'referencedField',
        'referencedValue',
      ]);
      expect(issue.reason.length).toBeGreaterThan(10);
    }
    expect(job.progress.items).toBeGreaterThan(20);
  });

  it('finds each kind of broken data exactly once, and nothing else in the broken church', () => {
    const found = ours(job.report!.issues, [broken.orgId, ...ghostOrgs])
      .map(id)
      .sort();
    expect(found).toEqual([...expected].sort());
  });

  it('names the organisation, the field and the value of each finding', () => {
    const byId = new Map(job.report!.issues.map((i) => [id(i), i]));
    const photos = [...byId.values()].filter(
      (i) => i.referencedField === 'photo' && i.problematicOrgId === broken.orgId,
    );
    expect(photos.map((i) => `${i.collectionName}: ${i.reason}`).sort()).toEqual([
      'family: Photo file does not exist in storage.',
      'family: Photo is stored for another family.',
    ]);
    for (const photo of photos) expect(photo.referencedValue).toMatch(new RegExp(`^${broken.orgId}/photos/`));
    const birthday = [...byId.values()].find(
      (i) => i.referencedField === 'birthday' && i.problematicOrgId === broken.orgId,
    )!;
    expect(birthday.referencedValue).toBe('13/45');
    const counts = [...byId.values()].find(
      (i) => i.collectionName === 'organization' && i.documentId === broken.orgId,
    )!;
    expect(counts).toMatchObject({ referencedField: 'groupCount', referencedValue: '7' });
    const account = [...byId.values()].find((i) => i.documentId === orphanAccount)!;
    expect(account).toMatchObject({ collectionName: 'accounts', problematicOrgId: broken.orgId });
  });

  it('reports no account that holds no church: a sign-up waiting for its code, or refused once proven, is a state', () => {
    expect(job.report!.issues.filter((i) => [waiting, refused].includes(String(i.referencedValue)))).toEqual([]);
    expect(job.report!.issues.filter((i) => i.collectionName === 'accounts' && i.problematicOrgId === null)).toEqual(
      [],
    );
  });

  it('finds nothing in a church written only through the API', () => {
    expect(ours(job.report!.issues, [clean.orgId])).toEqual([]);
  });

  it('keeps the finished report: reading the job again answers the same result', async () => {
    const again = await call<JobView>('getJob', { token: superToken, params: { jobId: job.jobId } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(job);
  });

  it('finds the same set again in a second report (a page rewrites its findings, never adds)', async () => {
    const second = await runReport(superToken);
    expect(second.status).toBe('SUCCEEDED');
    expect(
      ours(second.report!.issues, [broken.orgId, ...ghostOrgs])
        .map(id)
        .sort(),
    ).toEqual([...expected].sort());
  });

  it('answers not-found for an unknown job', async () => {
    const answer = await call('getJob', { token: superToken, params: { jobId: newId() } });
    expect(answer.status).toBe(404);
    expect(answer.body.error?.code).toBe('not-found');
  });
});
