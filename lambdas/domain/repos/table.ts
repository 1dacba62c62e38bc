import { env } from '../../platform/env';

/** Item type tags: every item says what it is, so scans and the integrity report need no key parsing. */
export const ItemType = {
  org: 'ORG',
  orgName: 'ORGNAME',
  privacy: 'PRIVACY',
  user: 'USER',
  family: 'FAMILY',
  member: 'MEMBER',
  memberEmail: 'MEMEMAIL',
  group: 'GROUP',
  groupName: 'GROUPNAME',
  role: 'ROLE',
  invitation: 'INVITE',
  invitationDay: 'INVITEDAY',
  writeMinute: 'WRITES',
  photo: 'PHOTO',
  book: 'BOOK',
  job: 'JOB',
  jobIssue: 'JOBISSUE',
  jobTally: 'JOBTALLY',
} as const;

export const tableName = () => env('TABLE_NAME');

/** Strip key and index attributes before an item leaves the repository. */
const KEY_ATTRIBUTES = new Set(['PK', 'SK', 'type', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK']);

/** The stored item as an entity: key, index and type attributes removed. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !KEY_ATTRIBUTES.has(name))) as T;
}

/** True when a TransactWriteItems failed because the condition of item `index` did not hold. */
export function conditionFailedAt(error: unknown, index: number): boolean {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] } | null)?.CancellationReasons;
  return (
    (error as { name?: string })?.name === 'TransactionCanceledException' &&
    reasons?.[index]?.Code === 'ConditionalCheckFailed'
  );
}
