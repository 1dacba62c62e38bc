/**
 * The integrity report's checks (issue 6). Plain functions over the items of one scanned page and a
 * resolver that answers what they refer to, so the rules are testable without AWS. reportJob.ts
 * runs them page by page; the resolver's answers come from BatchGetItem, GSI3 queries, S3 HEADs and
 * Cognito (jobs/repos/integrity.ts).
 *
 * One issue per document and field; an item whose organisation is missing reports only that (its
 * other references are gone with the organisation).
 */
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../contract/directory';
import { keysOf, type Fields } from '../contract/entity';
import { MM_DD } from '../contract/fields';
import type { IntegrityIssue } from '../contract/jobs';
import { photoOwner } from '../photos/photo-keys';
import { roleMemberName } from '../directory/newRecords';
import { ItemType } from '../core/repos/table';

type Item = Record<string, unknown>;

/** What a page's items refer to; null means "does not exist". */
export interface Resolver {
  org(orgId: string): Item | null;
  family(orgId: string, familyId: string): Item | null;
  group(orgId: string, groupId: string): Item | null;
  /** The member at the key the referrer implies (its familyId and memberId). */
  member(orgId: string, familyId: string, memberId: string): Item | null;
  /** The member by id wherever it is (GSI3): tells a stale familyId from a missing member. */
  memberById(orgId: string, memberId: string): Item | null;
  user(orgId: string, userId: string): Item | null;
  photoExists(path: string): boolean;
  /** The Cognito account of a user id, or null. */
  account(userId: string): { sub: string } | null;
}

/** Per organisation: [families, members, groups]. */
export type Counts = Record<string, [number, number, number]>;

export interface PageResult {
  issues: IntegrityIssue[];
  found: Counts;
  stored: Counts;
  /** Items checked (the job's own items are not). */
  checked: number;
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const orNull = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));

function issue(
  collectionName: string,
  documentId: string,
  reason: string,
  orgId: unknown,
  field: string | null,
  value: unknown,
): IntegrityIssue {
  return {
    collectionName,
    documentId,
    reason,
    problematicOrgId: orNull(orgId),
    referencedField: field,
    referencedValue: orNull(value),
  };
}

/** A month-and-day detail (contract/entity.ts `kind`) that older data holds in another format. */
function monthDayIssues(fields: Fields, collection: string, id: string, orgId: unknown, item: Record<string, unknown>) {
  return keysOf(fields)
    .filter((k) => fields[k]!.kind === 'monthDay' && text(item[k]) && !MM_DD.test(text(item[k])))
    .map((k) => issue(collection, id, `${fields[k]!.label} is not in MM/DD format.`, orgId, k, text(item[k])));
}

/** The collection an item is reported under (the names the report page shows). */
const COLLECTION: Record<string, string> = {
  [ItemType.family]: 'family',
  [ItemType.member]: 'member',
  [ItemType.group]: 'group',
  [ItemType.role]: 'role',
  [ItemType.user]: 'users',
  [ItemType.memberEmail]: 'memberEmail',
  [ItemType.groupName]: 'groupName',
};

function documentIdOf(item: Item): string {
  switch (item.type) {
    case ItemType.family:
      return text(item.familyId);
    case ItemType.member:
      return text(item.memberId);
    case ItemType.group:
    case ItemType.groupName:
      return text(item.groupId);
    case ItemType.role:
      return `${text(item.groupId)}/${text(item.memberId)}`;
    case ItemType.user:
      return text(item.userId);
    case ItemType.memberEmail:
      return text(item.email);
    default:
      return text(item.SK);
  }
}

/** A photo value that names an object of ours (an http URL from older data is not checked). */
const storedPhotoPath = (photo: unknown): string | null => {
  const value = text(photo).trim();
  return value && !/^https?:\/\//i.test(value) ? value : null;
};

/**
 * A stored photo the family may hold: in its own folder, from before folders (in its church), or
 * a value that is no key of ours at all (then only the existence check speaks).
 */
function isPhotoOf(orgId: string, familyId: string, photo: string): boolean {
  const owner = photoOwner(photo);
  return !owner || (owner.orgId === orgId && (owner.familyId === null || owner.familyId === familyId));
}

const count = (counts: Counts, orgId: string, index: 0 | 1 | 2) => {
  const entry = (counts[orgId] ??= [0, 0, 0]);
  entry[index] += 1;
};

export function checkPage(items: readonly Item[], r: Resolver): PageResult {
  const issues: IntegrityIssue[] = [];
  const found: Counts = {};
  const stored: Counts = {};
  let checked = 0;

  for (const item of items) {
    const type = text(item.type);
    // Jobs' own items, accounts opened but not yet finished, and when two-step sign-in went on: no church's data.
    if (type === ItemType.job || type === ItemType.jobIssue || type === ItemType.jobTally) continue;
    if (type === ItemType.openedAccount || type === ItemType.twoStep) continue;
    checked += 1;
    const orgId = text(item.orgId);

    if (type === ItemType.org) {
      stored[orgId] = [Number(item.familyCount ?? 0), Number(item.memberCount ?? 0), Number(item.groupCount ?? 0)];
      continue;
    }
    if (type === ItemType.orgName) {
      if (!r.org(orgId))
        issues.push(
          issue(
            'organizationName',
            text(item.orgName),
            'Name claim refers to an organization that does not exist.',
            orgId,
            'orgId',
            orgId,
          ),
        );
      continue;
    }
    const collection = COLLECTION[type];
    if (!collection) continue;
    const id = documentIdOf(item);

    if (type === ItemType.family) count(found, orgId, 0);
    if (type === ItemType.member) count(found, orgId, 1);
    if (type === ItemType.group) count(found, orgId, 2);

    if (!r.org(orgId)) {
      issues.push(
        issue(
          collection,
          id,
          `${collection[0]!.toUpperCase()}${collection.slice(1)} belongs to an organization that does not exist.`,
          orgId,
          'orgId',
          orgId,
        ),
      );
      continue;
    }

    switch (type) {
      case ItemType.family: {
        issues.push(...monthDayIssues(FAMILY_FIELDS, 'family', id, orgId, item));
        const photo = storedPhotoPath(item.photo);
        if (photo && !isPhotoOf(orgId, id, photo))
          issues.push(issue('family', id, 'Photo is stored for another family.', orgId, 'photo', photo));
        else if (photo && !r.photoExists(photo))
          issues.push(issue('family', id, 'Photo file does not exist in storage.', orgId, 'photo', photo));
        break;
      }
      case ItemType.member: {
        if (!r.family(orgId, text(item.familyId)))
          issues.push(
            issue('member', id, 'Member refers to a family that does not exist.', orgId, 'familyId', item.familyId),
          );
        issues.push(...monthDayIssues(MEMBER_FIELDS, 'member', id, orgId, item));
        break;
      }
      case ItemType.role: {
        const group = r.group(orgId, text(item.groupId));
        if (!group)
          issues.push(issue('role', id, 'Role refers to a group that does not exist.', orgId, 'groupId', item.groupId));
        else if (text(item.groupName) !== text(group.groupName)) {
          issues.push(
            issue(
              'role',
              id,
              `Role's group name is stale (the group is named '${text(group.groupName)}').`,
              orgId,
              'groupName',
              item.groupName,
            ),
          );
        }
        const memberId = text(item.memberId);
        const member = r.member(orgId, text(item.familyId), memberId) ?? r.memberById(orgId, memberId);
        if (!member) {
          issues.push(issue('role', id, 'Role refers to a member that does not exist.', orgId, 'memberId', memberId));
          break;
        }
        if (text(member.familyId) !== text(item.familyId)) {
          issues.push(
            issue(
              'role',
              id,
              `Role's family is stale (the member belongs to family ${text(member.familyId)}).`,
              orgId,
              'familyId',
              item.familyId,
            ),
          );
        }
        const expected = roleMemberName({ name: text(member.name), surname: text(member.surname) });
        if (text(item.memberName) !== expected) {
          issues.push(
            issue(
              'role',
              id,
              `Role's member name is stale (the member is named '${expected}').`,
              orgId,
              'memberName',
              item.memberName,
            ),
          );
        }
        break;
      }
      case ItemType.user: {
        const account = r.account(id);
        if (!account || account.sub !== id)
          issues.push(issue('users', id, 'User record has no sign-in account.', orgId, 'userId', id));
        const memberId = text(item.memberId);
        const familyId = text(item.familyId);
        if (memberId) {
          const member = (familyId ? r.member(orgId, familyId, memberId) : null) ?? r.memberById(orgId, memberId);
          if (!member)
            issues.push(
              issue('users', id, 'User refers to a member that does not exist.', orgId, 'memberId', memberId),
            );
          else if (text(member.familyId) !== familyId) {
            issues.push(
              issue(
                'users',
                id,
                `User's family link is broken (the member belongs to family ${text(member.familyId)}).`,
                orgId,
                'familyId',
                item.familyId,
              ),
            );
          }
        } else if (familyId && !r.family(orgId, familyId)) {
          issues.push(issue('users', id, 'User refers to a family that does not exist.', orgId, 'familyId', familyId));
        }
        break;
      }
      case ItemType.memberEmail: {
        const memberId = text(item.memberId);
        if (!(r.member(orgId, text(item.familyId), memberId) ?? r.memberById(orgId, memberId))) {
          issues.push(
            issue(
              'memberEmail',
              id,
              'E-mail claim refers to a member that does not exist.',
              orgId,
              'memberId',
              memberId,
            ),
          );
        }
        break;
      }
      case ItemType.groupName:
        if (!r.group(orgId, text(item.groupId)))
          issues.push(
            issue(
              'groupName',
              id,
              'Group name claim refers to a group that does not exist.',
              orgId,
              'groupId',
              item.groupId,
            ),
          );
        break;
    }
  }
  return { issues, found, stored, checked };
}

const COUNT_FIELDS = [
  ['familyCount', 'families'],
  ['memberCount', 'members'],
  ['groupCount', 'groups'],
] as const;

/** Organisation counts that differ from the items found (summed over every page). */
export function checkCounts(found: Counts, stored: Counts): IntegrityIssue[] {
  const issues: IntegrityIssue[] = [];
  for (const [orgId, counts] of Object.entries(stored)) {
    const actual = found[orgId] ?? [0, 0, 0];
    COUNT_FIELDS.forEach(([field, noun], i) => {
      if (counts[i] !== actual[i]) {
        issues.push(
          issue(
            'organization',
            orgId,
            `Stored ${field} (${counts[i]}) differs from the ${noun} found (${actual[i]}).`,
            orgId,
            field,
            counts[i],
          ),
        );
      }
    });
  }
  return issues;
}

/**
 * A sign-in account that claims a church but has no user record there. An account that holds no
 * church is waiting, not wrong: for its code (the clean-up job removes it after a week,
 * accounts/unproven.ts), or for the church to add its address.
 */
export function checkAccount(
  account: { sub: string; email: string | null; orgId: string | null },
  record: Item | null,
): IntegrityIssue | null {
  if (!account.orgId || record) return null;
  return issue('accounts', account.sub, 'Sign-in account has no user record.', account.orgId, 'email', account.email);
}

/** Adds a page's counts into a running total. */
export function addCounts(total: Counts, page: Counts): Counts {
  for (const [orgId, c] of Object.entries(page)) {
    const t = (total[orgId] ??= [0, 0, 0]);
    t[0] += c[0];
    t[1] += c[1];
    t[2] += c[2];
  }
  return total;
}
