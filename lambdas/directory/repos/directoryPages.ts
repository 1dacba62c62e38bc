/**
 * The directory a page at a time, in surname order (GSI4: each family followed by its members).
 * A page is one Query of a bounded number of items, cut after its last whole family, so a page
 * never splits a family and its size does not grow with the church. Pages are named by a family's
 * place in the order (`keys.familyAt`), never by a DynamoDB key, so a cursor names nothing outside
 * the caller's own church (the partition comes from the token), and only by the place of a family
 * the viewer may see: pages and their pointers are computed over the viewer's list (readDirectoryPage).
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../../contract/directory';
import type { Family, Member } from '../../core/entities';
import { keys } from '../../core/repos/keys';
import type { FamilyWithMembers } from './directory';
import { ItemType, tableName, withoutKeys } from '../../core/repos/table';

/** Items a page reads: about 30 families of four, some 60 KB of answer. */
export const PAGE_ITEMS = 150;

export type PageStart =
  | { after: string }
  | { before: string }
  /** The first family whose sort key begins at or after this text (a letter of the A-Z bar). */
  | { from: string }
  | Record<string, never>;

/** Items a read looks ahead, once the page holds a family, for the next family the viewer may see. */
export const PROBE_ITEMS = 25;

/** An id no family has, lowest of all: `<letter>#NO_FAMILY` is the place right before the letter's families. */
const NO_FAMILY = '00000000-0000-0000-0000-000000000000';

export interface DirectoryPage {
  families: FamilyWithMembers[];
  /** The place after which the next page starts, or null after the last family the viewer sees. */
  next: string | null;
  /** The place before which the page before this one ends, or null when this page starts the viewer's list. */
  previous: string | null;
}

/**
 * The first Query of a page, started before the viewer is known (beside the caller's admission):
 * what it read and where it stopped. `readDirectoryPage` finishes the page for the viewer.
 */
export interface DirectoryRead {
  orgId: string;
  start: PageStart;
  items: Item[];
  more: Item | undefined;
}

type Item = Record<string, unknown>;

interface Placed extends FamilyWithMembers {
  at: string;
}

/** What a family and a member hold besides their form's fields (entities.ts). */
const FAMILY_RECORD = [
  'familyId',
  'orgId',
  'version',
  'membersVersion',
  'privacy',
  'memberGroups',
  'photoSize',
  'location',
  'approximateLocation',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof Family)[];
const MEMBER_RECORD = [
  'memberId',
  'familyId',
  'orgId',
  'surname',
  'version',
  'rolesVersion',
  'privacy',
  'groupIds',
  'leads',
  'pendingEmail',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof Member)[];
// Every attribute of a family and a member is read: a field added to either without its name here fails the typecheck.
type Unread<T, Listed> = Exclude<keyof T, Listed>;
const everyFamilyAttributeRead: [Unread<Family, (typeof FAMILY_RECORD)[number] | keyof typeof FAMILY_FIELDS>] extends [
  never,
]
  ? true
  : never = true;
const everyMemberAttributeRead: [Unread<Member, (typeof MEMBER_RECORD)[number] | keyof typeof MEMBER_FIELDS>] extends [
  never,
]
  ? true
  : never = true;
void everyFamilyAttributeRead;
void everyMemberAttributeRead;

/**
 * The attributes a page reads: the records' own, their type and their place in the order, but not
 * the table's and the other indexes' keys, about half of each item's bytes, which DynamoDB would
 * send and the SDK parse for nothing (a page's time over its raw Query: `npm run bench -- directory`).
 */
const READ = [
  ...new Set([
    'type',
    'GSI4SK',
    ...FAMILY_RECORD,
    ...Object.keys(FAMILY_FIELDS),
    ...MEMBER_RECORD,
    ...Object.keys(MEMBER_FIELDS),
  ]),
];
const PROJECTION = {
  ProjectionExpression: READ.map((_, i) => `#r${i}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(READ.map((name, i) => [`#r${i}`, name])),
};

async function query(orgId: string, input: Partial<QueryCommandInput>, values: Item) {
  return ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI4',
      ExpressionAttributeValues: { ':dir': keys.directoryPartition(orgId), ...values },
      Limit: PAGE_ITEMS,
      ...PROJECTION,
      ...input,
    }),
  );
}

const backward = (start: PageStart) => 'before' in start;

/** The Query of a page from its start; `ExclusiveStartKey` goes on from where a read stopped. */
const readFrom = (orgId: string, start: PageStart, ExclusiveStartKey?: Item, Limit = PAGE_ITEMS) =>
  'before' in start
    ? query(
        orgId,
        {
          KeyConditionExpression: 'GSI4PK = :dir AND GSI4SK < :before',
          ScanIndexForward: false,
          ExclusiveStartKey,
          Limit,
        },
        { ':before': start.before },
      )
    : query(
        orgId,
        {
          KeyConditionExpression:
            'after' in start || 'from' in start ? 'GSI4PK = :dir AND GSI4SK >= :start' : 'GSI4PK = :dir',
          ExclusiveStartKey,
          Limit,
        },
        // '~' follows every character of an id: after a family's key and all its members'.
        'after' in start ? { ':start': `${start.after}#~` } : 'from' in start ? { ':start': start.from } : {},
      );

/** The page's first Query, which needs only the church (started beside the caller's admission). */
export async function startDirectoryRead(orgId: string, start: PageStart): Promise<DirectoryRead> {
  const page = await readFrom(orgId, start);
  return { orgId, start, items: page.Items ?? [], more: page.LastEvaluatedKey };
}

/**
 * The page as one viewer may list it: the families `shows` keeps, whole, and pointers computed
 * over those alone. A page holds the kept families of the first read that has any (reading on
 * past families the viewer may not see, and past a family larger than a read); then it reads on
 * (PROBE_ITEMS at a time) until it meets a family the viewer sees or the end, so `next` (and,
 * reading back, `previous`) is given only when a family the viewer sees lies there, and every
 * pointer is the place of a family the page shows. Pages of a viewer who sees every family cost
 * one Query, as before.
 */
export async function readDirectoryPage(
  read: DirectoryRead,
  shows: (family: Family) => boolean,
): Promise<DirectoryPage> {
  const { orgId, start } = read;
  const forward = !backward(start);
  const shown: Placed[] = [];
  let probing = false;
  let seenMore = false;
  let current: Placed | null = null; // forward: the family being read (its members follow it)
  let waiting: Member[] = []; // backward: members read before their family's item
  let items = read.items;
  let more = read.more;
  const take = (family: Placed) => {
    if (!shows(family.family)) return;
    if (probing) seenMore = true;
    else shown.push(family);
  };
  for (;;) {
    for (const item of items) {
      if (item.type === ItemType.family) {
        const family: Placed = { family: withoutKeys<Family>(item), members: [], at: String(item.GSI4SK) };
        if (forward) {
          if (current) take(current);
          current = family;
          // Its members are still to come, but that it is there is enough to point past the page.
          if (probing && shows(family.family)) seenMore = true;
        } else {
          family.members = waiting.filter((m) => m.familyId === family.family.familyId).reverse();
          waiting = [];
          take(family);
        }
        if (seenMore) break;
      } else if (item.type === ItemType.member && !probing) {
        const member = withoutKeys<Member>(item);
        if (forward) {
          if (current) current.members.push(member);
        } else waiting.push(member);
      }
    }
    if (seenMore) break;
    if (!more) {
      if (forward && current) take(current);
      break;
    }
    if (!probing && shown.length) {
      probing = true;
      // Forward, the family the read stopped in leads the next page: one the viewer sees is enough.
      if (forward && current && shows(current.family)) {
        seenMore = true;
        break;
      }
      if (forward) current = null;
    }
    const page = await readFrom(orgId, start, more, probing ? PROBE_ITEMS : PAGE_ITEMS);
    items = page.Items ?? [];
    more = page.LastEvaluatedKey;
  }
  if (!forward) shown.reverse();
  const first = shown[0]?.at ?? null;
  const last = shown.at(-1)?.at ?? null;
  const families = shown.map(({ family, members }) => ({ family, members }));
  if (!forward) return { families, next: last, previous: seenMore ? first : null };
  return {
    families,
    next: seenMore ? last : null,
    // A letter's empty page still leads back: to the place right before the letter, which names no family.
    previous: 'after' in start ? first : 'from' in start ? (first ?? `${start.from}#${NO_FAMILY}`) : null,
  };
}
