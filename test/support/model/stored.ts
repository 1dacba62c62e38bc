/**
 * What is stored for a church, read around the API: its items by a direct Query of its
 * partition, its photo objects in S3, its dashboard counts, and the integrity report's findings.
 * After a run these must agree with the model (and the report must find nothing).
 */
import { ListObjectsCommand } from '@aws-sdk/client-s3';
import { expect } from 'vitest';
import type { DashboardResult, FamilyView } from '../../../lambdas/contract/api';
import { keys } from '../../../lambdas/core/repos/keys';
import { photoObjects as objectsOfPhoto } from '../../../lambdas/photos/photo-keys';
import { queryAll } from '../../../lambdas/core/repos/query';
import { ItemType } from '../../../lambdas/core/repos/table';
import { familyWords, memberWords } from '../../../lambdas/contract/searchWords';
import { s3 } from '../../../lambdas/platform/aws/s3';
import { settled } from '../upload';
import { call } from '../api';
import { stack } from '../env';
import { runReport } from '../jobs';
import { memberEmails, type ChurchModel, type Real } from './church';
import { expectApiMatches, expectStatus, familyPicture } from './picture';
import { expectPrivacyStored } from './privacy-commands';
import { expectAuditReplays } from './audit-replay';

/** The church's items by type, and the counts kept on its organisation item. */
async function storedItems(orgId: string) {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.orgPartition(orgId) },
  });
  const byType: Record<string, number> = {};
  // Invitation records (the mail's limits, test/integration/invitations.test.ts) are not in the model.
  const unmodelled: string[] = [ItemType.invitation, ItemType.invitationDay, ItemType.writeMinute];
  const modelled = items.filter((i) => !unmodelled.includes(i.type as string));
  for (const item of modelled) byType[String(item.type)] = (byType[String(item.type)] ?? 0) + 1;
  const org = items.find((i) => i.type === 'ORG')!;
  return {
    items,
    byType,
    words: items
      .filter((i) => i.type === ItemType.findWord)
      .map((i) => String(i.SK))
      .sort(),
    counts: {
      families: Number(org.familyCount ?? 0),
      members: Number(org.memberCount ?? 0),
      groups: Number(org.groupCount ?? 0),
    },
  };
}

async function photoObjects(orgId: string): Promise<string[]> {
  const found: string[] = [];
  let Marker: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsCommand({ Bucket: stack.env.PHOTOS_BUCKET, Prefix: `${orgId}/photos/`, Marker }),
    );
    found.push(...(page.Contents ?? []).map((o) => o.Key!));
    Marker = page.IsTruncated ? found.at(-1) : undefined;
  } while (Marker);
  return found.sort();
}

/** The search words' keys the model's families and members should have (keys.findWord, without its PK). */
const searchWordsOf = (m: ChurchModel) =>
  [
    ...[...m.families.values()].flatMap((f) => familyWords(f).map((w) => `FIND#${w}#${f.familyId}#${f.familyId}`)),
    ...[...m.members.values()].flatMap((x) => memberWords(x).map((w) => `FIND#${w}#${x.familyId}#${x.memberId}`)),
  ].sort();

/** Everything the API, the table and S3 hold for the church agrees with the model. */
export async function expectStoredMatches(m: ChurchModel, r: Real): Promise<void> {
  const picture = await expectApiMatches(m, r);
  const token = r.church.adminToken;

  // Each family's own page answers what the list does.
  for (const listed of picture.families) {
    const page = await call<{ family: FamilyView }>('getFamily', { token, params: { familyId: listed.familyId } });
    expect(familyPicture(expectStatus(page, 200).body.family)).toEqual(listed);
  }

  const roles = [...m.groups.values()].reduce((n, g) => n + g.roles.size, 0);
  const emails = memberEmails(m).length;
  const expected = { families: m.families.size, members: m.members.size, groups: m.groups.size };
  const dashboard = expectStatus(await call<DashboardResult>('getDashboard', { token }), 200).body;
  const stored = await storedItems(r.church.orgId);
  expect(dashboard.counts).toEqual({ ...expected, lessons: 0 });
  expect(stored.counts).toEqual(expected);
  // The photo pipeline's records of uploads no family took stay until they expire (a day).
  // The audit trail replays to what the table holds (its entries are checked there, not counted).
  const { PHOTO: _prepared, FIND: _words, AUDIT: _entries, ...byType } = stored.byType;
  expectAuditReplays(stored.items);
  // The search words are exactly those of the families and members the model holds: kept in step
  // through every add, edit, rename, delete and race (directory/repos/find.ts).
  expect(stored.words).toEqual(searchWordsOf(m));
  expect(byType).toEqual({
    ORG: 1,
    ...(m.families.size ? { FAMILY: m.families.size } : {}),
    ...(m.members.size ? { MEMBER: m.members.size } : {}),
    ...(emails ? { MEMEMAIL: emails } : {}),
    ...(m.groups.size ? { GROUP: m.groups.size, GROUPNAME: m.groups.size } : {}),
    ...(roles ? { ROLE: roles } : {}),
    ...(m.privacy.stored ? { PRIVACY: 1 } : {}),
    USER: m.users.size,
  });
  await expectPrivacyStored(m, r);

  // Every family's photo is there with its renditions, and nothing else: replaced and removed
  // photos, and those of deleted families, are gone once the clean-up jobs are done.
  await settled();
  expect(await photoObjects(r.church.orgId)).toEqual(
    [...m.families.values()].flatMap((f) => (f.photo ? objectsOfPhoto(f.photo) : [])).sort(),
  );
}

/** The integrity report, run as the super-admin: no finding about the church. */
export async function expectNoFindings(superToken: string, orgId: string): Promise<void> {
  const job = await runReport(superToken);
  expect(job.status, job.error ?? '').toBe('SUCCEEDED');
  expect(job.report!.issues.filter((i) => i.problematicOrgId === orgId)).toEqual([]);
}
