/**
 * Reading the directory: a whole church, one family with its members, one member with its
 * roles, and the month indexes of the dashboard. Each is one Query (per 1 MB page) or one Get,
 * but the whole church, whose parts are read side by side.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import type { Family, Member, Organization, Role } from '../../core/entities';
import { keys } from '../../core/repos/keys';
import { queryAll } from '../../core/repos/query';
import { ItemType, tableName, withoutKeys, prefixEnd } from '../../core/repos/table';

type Item = Record<string, unknown>;

export interface FamilyWithMembers {
  family: Family;
  members: Member[];
}

/** Families with their members, in key order (a family's item comes before its members'). */
function groupFamilies(items: Item[]): FamilyWithMembers[] {
  const byId = new Map<string, FamilyWithMembers>();
  for (const item of items) {
    if (item.type === ItemType.family)
      byId.set(String(item.familyId), { family: withoutKeys<Family>(item), members: [] });
    else if (item.type === ItemType.member) byId.get(String(item.familyId))?.members.push(withoutKeys<Member>(item));
  }
  return [...byId.values()];
}

/**
 * Where a whole church's read is cut, by the first character of the family's id: this app's ids
 * are UUIDs (hex), and an id of any other form falls in the part around its first character (the
 * parts are contiguous, so together they always cover the whole range).
 */
const PART_STARTS = ['', ...'123456789abcdef'];

/** One of `of` contiguous shares of a church's families, numbered from 0. */
export interface DirectorySlice {
  index: number;
  of: number;
}

const WHOLE: DirectorySlice = { index: 0, of: 1 };

/**
 * A whole church (the book, a backfill), or one slice of it (the book job reads its slices side by
 * side, one invocation each): its families' key range in sixteen parts, a slice's parts read side
 * by side, one Query per 1 MB page each. One Query after another, a church at the 20,000-family
 * maximum (about 50 MB) is fifty round trips in a row.
 */
export async function readDirectory(orgId: string, slice: DirectorySlice = WHOLE): Promise<FamilyWithMembers[]> {
  const start = (i: number) => `FAM#${PART_STARTS[i]}`;
  const share = (k: number) => Math.floor((PART_STARTS.length * k) / slice.of);
  const [first, end] = [share(slice.index), share(slice.index + 1)];
  const parts = await Promise.all(
    PART_STARTS.slice(first, end).map((_, j) => {
      const i = first + j;
      return queryAll({
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.orgPartition(orgId),
          ':from': start(i),
          ':to': i + 1 < PART_STARTS.length ? start(i + 1) : prefixEnd('FAM#'),
        },
      });
    }),
  );
  // BETWEEN holds both its ends: a family whose id is one character, where a part ends, comes
  // twice. Where a slice ends, the next slice has it (and its members): this one leaves it out.
  const seen = new Set<unknown>(end < PART_STARTS.length ? [start(end)] : []);
  return groupFamilies(parts.flat().filter((item) => !seen.has(item.SK) && seen.add(item.SK)));
}

/** One family and its members (one Query), or null. */
export async function readFamily(orgId: string, familyId: string): Promise<FamilyWithMembers | null> {
  const { SK } = keys.family(orgId, familyId);
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :fam AND :famEnd',
    ExpressionAttributeValues: { ':pk': keys.orgPartition(orgId), ':fam': SK, ':famEnd': prefixEnd(SK) },
  });
  // 'FAM#ab' also begins 'FAM#abc' would also match 'FAM#abc': keep only this family's own items.
  const own = items.filter((i) => i.SK === SK || String(i.SK).startsWith(`${SK}#`));
  return groupFamilies(own)[0] ?? null;
}

/**
 * The ids of the church's families whose photo is this value: one Query of its families and
 * members, filtered. Only for photos from before each family had its own folder, whose key names
 * no family, so only this tells whether one is still in use.
 */
export async function familiesWithPhoto(orgId: string, photo: string): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :fam AND :famEnd',
    FilterExpression: '#type = :family AND #photo = :photo',
    ProjectionExpression: 'familyId',
    ExpressionAttributeNames: { '#type': 'type', '#photo': 'photo' },
    ExpressionAttributeValues: {
      ':pk': keys.orgPartition(orgId),
      ':fam': 'FAM#',
      ':famEnd': prefixEnd('FAM#'),
      ':family': ItemType.family,
      ':photo': photo,
    },
  });
  return items.map((item) => String(item.familyId));
}

export interface MemberWithRoles {
  member: Member;
  roles: Role[];
}

/** A member by id with its group roles: one Query of GSI3 (they share its partition). */
export async function readMember(orgId: string, memberId: string): Promise<MemberWithRoles | null> {
  const { GSI3PK } = keys.memberById(orgId, memberId);
  const items = await queryAll({
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': GSI3PK },
  });
  const member = items.find((i) => i.type === ItemType.member);
  if (!member) return null;
  return {
    member: withoutKeys<Member>(member),
    roles: items.filter((i) => i.type === ItemType.role).map((i) => withoutKeys<Role>(i)),
  };
}

/** The roles of several members: one GSI3 Query each, in parallel (a family has a handful). */
export async function readRolesOf(orgId: string, memberIds: string[]): Promise<Role[]> {
  const lists = await Promise.all(
    memberIds.map((memberId) =>
      queryAll({
        IndexName: 'GSI3',
        KeyConditionExpression: 'GSI3PK = :pk AND begins_with(GSI3SK, :role)',
        ExpressionAttributeValues: { ':pk': keys.memberById(orgId, memberId).GSI3PK, ':role': 'ROLE#' },
      }),
    ),
  );
  return lists.flat().map((i) => withoutKeys<Role>(i));
}

export async function readOrganization(orgId: string): Promise<Organization | null> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.org(orgId) }));
  return Item ? withoutKeys<Organization>(Item) : null;
}

/** Where a month's list starts and how many items it may read. */
export interface MonthRead {
  /** The first day of the month to read (1 = the whole month). */
  fromDay: number;
  limit: number;
}

/** One bounded Query of a month partition of GSI1, sorted by day: never a scan. */
async function readMonth(partition: string, { fromDay, limit }: MonthRead): Promise<Record<string, unknown>[]> {
  const page = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK >= :day',
      ExpressionAttributeValues: { ':pk': partition, ':day': String(fromDay).padStart(2, '0') },
      Limit: limit,
    }),
  );
  return page.Items ?? [];
}

const mm = (month: number) => String(month).padStart(2, '0');

/** Members with a birthday in the month, from a day on. */
export async function readBirthdays(orgId: string, month: number, read: MonthRead): Promise<Member[]> {
  return (await readMonth(keys.birthdayMonth(orgId, mm(month)), read)).map((i) => withoutKeys<Member>(i));
}

/** Families with an anniversary in the month, from a day on. */
export async function readAnniversaries(orgId: string, month: number, read: MonthRead): Promise<Family[]> {
  return (await readMonth(keys.anniversaryMonth(orgId, mm(month)), read)).map((i) => withoutKeys<Family>(i));
}

/** The family item alone (no members): one GetItem. */
export async function readFamilyItem(orgId: string, familyId: string): Promise<Family | null> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.family(orgId, familyId) }));
  return Item ? withoutKeys<Family>(Item) : null;
}
