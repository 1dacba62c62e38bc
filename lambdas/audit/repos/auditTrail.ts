/**
 * The audit trail's items: one per change, put in the change's own transaction (never on its own,
 * never by a route of the API), removed by DynamoDB's TTL a year later. Read a page at a time,
 * newest first, by date (the table), by subject (GSI1) or by the account that made it (GSI2).
 */
import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { AUDIT_KEPT_DAYS, type AuditEntry } from '../../contract/audit';
import { keys } from '../../core/repos/keys';
import { prefixEnd, tableName, withoutKeys, ItemType } from '../../core/repos/table';
import { put, type Step } from '../../core/repos/transact';
import { ddb } from '../../platform/aws/ddb';

/** The subject's name in the index: `family#<id>`, `church`. */
export const subjectKey = (subject: Pick<AuditEntry['subject'], 'kind' | 'id'>) =>
  subject.kind === 'church' ? 'church' : `${subject.kind}#${subject.id}`;

const DAY_SECONDS = 24 * 60 * 60;

/** The entry as one Put of the change's transaction; its id is new, so it never overwrites. */
export function auditEntryStep(orgId: string, entry: AuditEntry): Step {
  const place = `${entry.at}#${entry.entryId}`;
  const item = {
    ...keys.auditEntry(orgId, entry.at, entry.entryId),
    GSI1PK: keys.auditSubjectPartition(orgId, subjectKey(entry.subject)),
    GSI1SK: place,
    ...(entry.by && { GSI2PK: keys.auditActorPartition(orgId, entry.by.userId), GSI2SK: place }),
    type: ItemType.audit,
    expiresAt: Math.floor(Date.parse(entry.at) / 1000) + AUDIT_KEPT_DAYS * DAY_SECONDS,
    ...entry,
  };
  return { action: put(item) };
}

/** One entry of the church's trail, by its place. */
export async function readAuditEntry(orgId: string, at: string, entryId: string): Promise<AuditEntry | null> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.auditEntry(orgId, at, entryId) }));
  return Item ? withoutExpiry(withoutKeys(Item)) : null;
}

export interface AuditFilter {
  /** `family#<id>`, ... (subjectKey). */
  subject?: string;
  by?: string;
  /** Days, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  /** The place (`<at>#<entryId>`) of the last entry of the page before: this page starts after it. */
  after?: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** The last entry's place, when more may follow. */
  last: string | null;
}

/** The key of the entry at a place, in the index the read uses (what DynamoDB goes on from). */
function startKey(orgId: string, place: string, index: 'GSI1' | 'GSI2' | null, partition: string) {
  const [at, entryId] = place.split('#') as [string, string];
  const key: Record<string, string> = keys.auditEntry(orgId, at, entryId);
  if (index) Object.assign(key, { [`${index}PK`]: partition, [`${index}SK`]: place });
  return key;
}

/**
 * A page of the church's entries, newest first, read in one Query: by subject or by account when
 * the filter names one (the other, if both, filtered inside the read), within the days given.
 */
export async function readAuditPage(orgId: string, filter: AuditFilter, limit: number): Promise<AuditPage> {
  const index = filter.subject ? 'GSI1' : filter.by ? 'GSI2' : null;
  const partition = filter.subject
    ? keys.auditSubjectPartition(orgId, filter.subject)
    : filter.by
      ? keys.auditActorPartition(orgId, filter.by)
      : keys.orgPartition(orgId);
  const prefix = index ? '' : keys.auditPrefix;
  const low = prefix + (filter.from ?? '');
  const high = filter.to ? prefixEnd(prefix + filter.to) : prefixEnd(prefix);
  const pk = index ? `${index}PK` : 'PK';
  const sk = index ? `${index}SK` : 'SK';
  // Both a subject and an account: the subject's index, the account's entries filtered inside the read.
  const byToo = filter.subject && filter.by ? keys.auditActorPartition(orgId, filter.by) : null;
  const input: QueryCommandInput = {
    TableName: tableName(),
    ...(index && { IndexName: index }),
    KeyConditionExpression: `${pk} = :p AND ${sk} BETWEEN :low AND :high`,
    ExpressionAttributeValues: { ':p': partition, ':low': low, ':high': high, ...(byToo && { ':by': byToo }) },
    ...(byToo && { FilterExpression: 'GSI2PK = :by' }),
    ScanIndexForward: false,
    Limit: limit,
  };
  const entries: AuditEntry[] = [];
  let more: Record<string, unknown> | undefined = filter.after
    ? startKey(orgId, filter.after, index, partition)
    : undefined;
  let leftOver = false;
  // A filtered read may come back short of the page: it goes on until the page is full or the trail ends.
  do {
    const page = await ddb.send(new QueryCommand({ ...input, ExclusiveStartKey: more }));
    for (const item of page.Items ?? []) {
      if (entries.length < limit) entries.push(withoutExpiry(withoutKeys(item)));
      else leftOver = true;
    }
    more = page.LastEvaluatedKey;
  } while (more && entries.length < limit);
  const lastEntry = entries.at(-1);
  return { entries, last: (more || leftOver) && lastEntry ? `${lastEntry.at}#${lastEntry.entryId}` : null };
}

const withoutExpiry = ({ expiresAt: _gone, ...entry }: AuditEntry & { expiresAt?: number }): AuditEntry => entry;
