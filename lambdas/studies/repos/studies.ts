/**
 * Bible studies in the table: a summary item (listed in GSI1, newest first) and a sessions item,
 * written together in one transaction, the summary carrying the version an update must name.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import type { Organization, Study, StudySessions } from '../../core/entities';
import type { StoredBookSettings } from '../../book/repos/bookSettings';
import { keys } from '../../core/repos/keys';
import { batchGetAll } from '../../core/repos/batch';
import { put, remove, type Step } from '../../core/repos/transact';
import { ItemType, tableName, withoutKeys } from '../../core/repos/table';

export const studyItem = (study: Study) => ({
  ...keys.study(study.orgId, study.studyId),
  ...keys.studyOrder(study.orgId, study.createdAt, study.studyId),
  type: ItemType.study,
  ...study,
});

const sessionsItem = (sessions: StudySessions) => ({
  ...keys.studySessions(sessions.orgId, sessions.studyId),
  type: ItemType.studySessions,
  ...sessions,
});

/** The study written whole: new (`before` null), or over the version read. */
export function studyWrites(study: Study, sessions: StudySessions, before: Study | null): Step[] {
  return [
    {
      action: before
        ? put(studyItem(study), 'version = :version', { ':version': before.version })
        : put(studyItem(study), 'attribute_not_exists(PK)'),
    },
    { action: put(sessionsItem(sessions)) },
  ];
}

export const studyRemovals = (study: Study): Step[] => [
  { action: remove(keys.study(study.orgId, study.studyId), 'version = :version', { ':version': study.version }) },
  { action: remove(keys.studySessions(study.orgId, study.studyId)) },
];

/** A study with its sessions (one BatchGetItem), or null. */
export async function readStudy(
  orgId: string,
  studyId: string,
): Promise<{ study: Study; sessions: StudySessions } | null> {
  return studyOf(
    await batchGetAll(tableName(), [keys.study(orgId, studyId), keys.studySessions(orgId, studyId)]),
    orgId,
    studyId,
  );
}

function studyOf(items: Record<string, unknown>[], orgId: string, studyId: string) {
  const study = items.find((i) => i.type === ItemType.study);
  const sessions = items.find((i) => i.type === ItemType.studySessions);
  if (!study) return null;
  return {
    study: withoutKeys<Study>(study),
    sessions: sessions ? withoutKeys<StudySessions>(sessions) : { studyId, orgId, sessions: [] },
  };
}

/** A study with its sessions and its church's name and book paper, for its handout (one BatchGetItem); null without the study. */
export async function readStudyToPrint(orgId: string, studyId: string) {
  const items = await batchGetAll(tableName(), [
    keys.study(orgId, studyId),
    keys.studySessions(orgId, studyId),
    keys.org(orgId),
  ]);
  const found = studyOf(items, orgId, studyId);
  const org = items.find((i) => i.type === ItemType.org) as
    (Organization & { bookSettings?: Pick<StoredBookSettings, 'paper'> }) | undefined;
  return found && { ...found, church: org?.orgName ?? '', paper: org?.bookSettings?.paper ?? 'letter' };
}

/** Summaries a list's Query reads at most: a church's studies are far fewer. */
export const STUDIES_READ = 200;

/** The church's study summaries, newest first, after `after` (a study's place: `<createdAt>#<studyId>`). */
export async function readStudies(
  orgId: string,
  after: string | null,
  limit = STUDIES_READ,
): Promise<{ studies: Study[]; more: boolean }> {
  const page = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: after ? 'GSI1PK = :p AND GSI1SK < :after' : 'GSI1PK = :p',
      ExpressionAttributeValues: { ':p': keys.studiesPartition(orgId), ...(after ? { ':after': after } : {}) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return {
    studies: (page.Items ?? []).map((item) => withoutKeys<Study>(item)),
    more: page.LastEvaluatedKey !== undefined,
  };
}

/** A study's place in the list: what a page pointer carries. */
export const studyPlace = (study: Pick<Study, 'createdAt' | 'studyId'>) => `${study.createdAt}#${study.studyId}`;

/**
 * Every study summary of the church, newest first, a Query page (STUDIES_READ) at a time: one
 * request for nearly every church, and a count that stays true past the first page for the rest.
 */
export async function everyStudy(orgId: string): Promise<Study[]> {
  const found: Study[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await readStudies(orgId, after);
    found.push(...page.studies);
    if (!page.more || page.studies.length === 0) return found;
    after = studyPlace(page.studies.at(-1)!);
  }
}

/** Every study of the church shared with the group. */
export const studiesSharedWith = async (orgId: string, groupId: string): Promise<Study[]> =>
  (await everyStudy(orgId)).filter((s) => s.groups.some((g) => g.groupId === groupId));

/** The study no longer names the group; not a new version (no writer changed it), and a study changed meanwhile is left. */
export async function dropStudyGroup(study: Study, groupId: string): Promise<void> {
  await ddb
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.study(study.orgId, study.studyId),
        UpdateExpression: 'SET #groups = :groups',
        ConditionExpression: 'version = :version',
        ExpressionAttributeNames: { '#groups': 'groups' },
        ExpressionAttributeValues: {
          ':groups': study.groups.filter((g) => g.groupId !== groupId),
          ':version': study.version,
        },
      }),
    )
    .catch((error: unknown) => {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    });
}
