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
  invitationWaiting: 'INVITEWAIT',
  invitationQueue: 'INVITEQUEUE',
  writeMinute: 'WRITES',
  photo: 'PHOTO',
  book: 'BOOK',
  export: 'EXPORT',
  import: 'IMPORT',
  addressProof: 'PROOF',
  openedAccount: 'OPENED',
  twoStep: 'TWOSTEP',
  job: 'JOB',
  jobIssue: 'JOBISSUE',
  jobTally: 'JOBTALLY',
  findWord: 'FIND',
  audit: 'AUDIT',
  changeRequest: 'CHANGE',
  changeNotice: 'CHANGENOTICE',
  study: 'STUDY',
  studySessions: 'STUDYSESSIONS',
} as const;

export const tableName = () => env('TABLE_NAME');

/**
 * The end of the sort keys that begin with `prefix`: a Query for `SK BETWEEN :p AND :pEnd` finds
 * exactly what `begins_with(SK, :p)` finds (U+10FFFF is the highest character, so every key that
 * begins with the prefix sorts before prefix + it). DynamoDB serves both alike; the local DynamoDB
 * answers the range from its index but filters the whole partition for begins_with (0.9 against
 * 6 ms at 60,000 items, ten times that in a 10,000-family church), so queries of a church's
 * partition use the range.
 */
export const prefixEnd = (prefix: string) => `${prefix}\u{10FFFF}`;

/** Strip key and index attributes before an item leaves the repository. */
const KEY_ATTRIBUTES = new Set([
  'PK',
  'SK',
  'type',
  'GSI1PK',
  'GSI1SK',
  'GSI2PK',
  'GSI2SK',
  'GSI3PK',
  'GSI3SK',
  'GSI4PK',
  'GSI4SK',
]);

/** The stored item as an entity: key, index and type attributes removed. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  // A plain loop: a page of the list strips 150 items, and entries/filter/fromEntries took 2 ms of it.
  const entity: Record<string, unknown> = {};
  for (const name in item) if (!KEY_ATTRIBUTES.has(name)) entity[name] = item[name];
  return entity as T;
} /** True when a TransactWriteItems failed because the condition of item `index` did not hold. */
export function conditionFailedAt(error: unknown, index: number): boolean {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] } | null)?.CancellationReasons;
  return (
    (error as { name?: string })?.name === 'TransactionCanceledException' &&
    reasons?.[index]?.Code === 'ConditionalCheckFailed'
  );
}
