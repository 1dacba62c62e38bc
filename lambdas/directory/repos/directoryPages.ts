/**
 * The directory a page at a time, in surname order (GSI4: each family followed by its members).
 * A page is one Query of a bounded number of items, cut after its last whole family, so a page
 * never splits a family and its size does not grow with the church. Pages are named by a family's
 * place in the order (`keys.familyAt`), never by a DynamoDB key, so a cursor names nothing outside
 * the caller's own church (the partition comes from the token).
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../../contract/directory';
import type { Family, Member } from '../../core/entities';
import { keys } from '../../core/repos/keys';
import type { FamilyWithMembers } from './directory';
import { ItemType, tableName, withoutKeys, prefixEnd } from '../../core/repos/table';

/** Items a page reads: about 30 families of four, some 60 KB of answer. */
export const PAGE_ITEMS = 150;

export type PageStart =
  | { after: string }
  | { before: string }
  /** The first family whose sort key begins at or after this text (a letter of the A-Z bar). */
  | { from: string }
  | Record<string, never>;

export interface DirectoryPage {
  families: FamilyWithMembers[];
  /** The place after which the next page starts, or null after the last family. */
  next: string | null;
  /** The place before which the page before this one ends, or null when this page starts the directory. */
  previous: string | null;
}

type Item = Record<string, unknown>;

interface Placed extends FamilyWithMembers {
  at: string;
}

/** Whole families in the order read; `forward` false reads members before their family. */
function families(items: Item[], forward: boolean): { whole: Placed[]; open: Placed | null } {
  const whole: Placed[] = [];
  let open: Placed | null = null;
  let waiting: Member[] = [];
  for (const item of items) {
    if (item.type === ItemType.family) {
      const family: Placed = { family: withoutKeys<Family>(item), members: [], at: String(item.GSI4SK) };
      if (forward) {
        if (open) whole.push(open);
        open = family;
      } else {
        family.members = waiting.filter((m) => m.familyId === family.family.familyId).reverse();
        waiting = [];
        whole.push(family);
      }
    } else if (item.type === ItemType.member) {
      const member = withoutKeys<Member>(item);
      if (forward) open?.members.push(member);
      else waiting.push(member);
    }
  }
  return { whole, open };
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

/** The rest of one family whose members did not fit in a page (a family of more than PAGE_ITEMS). */
async function restOf(orgId: string, family: Placed, start: Item): Promise<Placed> {
  let ExclusiveStartKey: Item | undefined = start;
  while (ExclusiveStartKey) {
    const page = await query(
      orgId,
      {
        KeyConditionExpression: 'GSI4PK = :dir AND GSI4SK BETWEEN :at AND :atEnd',
        ExclusiveStartKey,
        Limit: undefined,
      },
      { ':at': `${family.at}#`, ':atEnd': prefixEnd(`${family.at}#`) },
    );
    family.members.push(...(page.Items ?? []).map((i) => withoutKeys<Member>(i)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  }
  return family;
}

export async function readDirectoryPage(orgId: string, start: PageStart): Promise<DirectoryPage> {
  if ('before' in start) {
    const page = await query(
      orgId,
      { KeyConditionExpression: 'GSI4PK = :dir AND GSI4SK < :before', ScanIndexForward: false },
      { ':before': start.before },
    );
    const items = page.Items ?? [];
    const { whole } = families(items, false);
    whole.reverse();
    // Members read before their family's own item are read again with it by the page before.
    const earliest = whole[0]?.at ?? String(items.at(-1)?.GSI4SK ?? start.before);
    return { families: whole, next: whole.at(-1)?.at ?? null, previous: page.LastEvaluatedKey ? earliest : null };
  }
  const page = await query(
    orgId,
    'after' in start
      ? { KeyConditionExpression: 'GSI4PK = :dir AND GSI4SK > :start' }
      : 'from' in start
        ? { KeyConditionExpression: 'GSI4PK = :dir AND GSI4SK >= :start' }
        : { KeyConditionExpression: 'GSI4PK = :dir' },
    // '~' follows every character of an id: after a family's key and all its members'.
    'after' in start ? { ':start': `${start.after}#~` } : 'from' in start ? { ':start': start.from } : {},
  );
  const { whole, open } = families(page.Items ?? [], true);
  const more = page.LastEvaluatedKey;
  // The last family may go on past the page: it leads the next page instead, unless it is alone.
  if (open && !more) whole.push(open);
  else if (open && more && whole.length === 0) whole.push(await restOf(orgId, open, more));
  const last = whole.at(-1);
  return {
    families: whole,
    next: more && last ? last.at : null,
    previous:
      'after' in start ? (whole[0]?.at ?? `${start.after}#~`) : 'from' in start ? (whole[0]?.at ?? start.from) : null,
  };
}
