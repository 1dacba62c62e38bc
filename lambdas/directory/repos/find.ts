/**
 * Search words as items of the church's partition (`FIND#<word>#<familyId>#<recordId>`), written
 * in the same transaction as the record they index, so a prefix Query finds the families a word
 * begins. They only narrow the search: the answer is checked against each family's view.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import type { Family, Member } from '../../core/entities';
import { keys } from '../../core/repos/keys';
import { familyWords, memberWords } from '../../contract/searchWords';
import { forget, put, type Step } from '../../core/repos/transact';
import { ItemType, tableName, prefixEnd } from '../../core/repos/table';

const wordItem = (orgId: string, word: string, familyId: string, recordId: string) => ({
  ...keys.findWord(orgId, word, familyId, recordId),
  type: ItemType.findWord,
  familyId,
});

/** Every search word item of these families and members (a seeded or migrated church). */
export const wordItemsOf = (families: readonly Family[], members: readonly Member[]) => [
  ...families.flatMap((f) => familyWords(f).map((w) => wordItem(f.orgId, w, f.familyId, f.familyId))),
  ...members.flatMap((m) => memberWords(m).map((w) => wordItem(m.orgId, w, m.familyId, m.memberId))),
];

/** The steps that take a record's words from `before` to `after`: new ones put, gone ones deleted. */
export function wordSteps(
  orgId: string,
  familyId: string,
  recordId: string,
  before: readonly string[],
  after: readonly string[],
): Step[] {
  const was = new Set(before);
  const now = new Set(after);
  return [
    ...[...was]
      .filter((w) => !now.has(w))
      .map((w) => ({ action: forget(keys.findWord(orgId, w, familyId, recordId)) })),
    ...[...now].filter((w) => !was.has(w)).map((w) => ({ action: put(wordItem(orgId, w, familyId, recordId)) })),
  ];
}

export interface WordPage {
  familyIds: string[];
  /** Where the next page starts, or null after the last. */
  next: Record<string, unknown> | null;
}

/** One page of the families some word beginning with `prefix` indexes, in word order (a family may repeat across pages). */
export async function familiesByWord(
  orgId: string,
  prefix: string,
  limit: number,
  start: Record<string, unknown> | null,
): Promise<WordPage> {
  const page = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :word AND :wordEnd',
      ExpressionAttributeValues: {
        ':pk': keys.orgPartition(orgId),
        ':word': `FIND#${prefix}`,
        ':wordEnd': prefixEnd(`FIND#${prefix}`),
      },
      ProjectionExpression: 'familyId',
      Limit: limit,
      ExclusiveStartKey: start ?? undefined,
    }),
  );
  return {
    familyIds: [...new Set((page.Items ?? []).map((i) => String(i.familyId)))],
    next: page.LastEvaluatedKey ?? null,
  };
}
