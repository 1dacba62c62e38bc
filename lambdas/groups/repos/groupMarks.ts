/**
 * Who shares a group with whom, kept on the items the visibility rule reads, so that a read which
 * applies a `groups` level needs no read of the roles: a member's item holds the ids of its groups
 * (`groupIds`), its family's item one mark per member and group (`memberGroups`, "<groupId>#<memberId>").
 * Both change in the same transaction as the role they mirror, by DynamoDB's ADD and DELETE on sets,
 * so two role changes at the same moment never lose one another's mark; each also bumps the item's
 * counter of dependants, so a write that put back the item as it read it is refused.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import type { Family, Member, Role } from '../../core/entities';
import { keys } from '../../core/repos/keys';
import { batchGetAll } from '../../core/repos/batch';
import { tableName } from '../../core/repos/table';
import { update, type Step } from '../../core/repos/transact';

type RoleRef = Pick<Role, 'orgId' | 'groupId' | 'memberId' | 'familyId'>;

const mark = (r: Pick<Role, 'groupId' | 'memberId'>) => `${r.groupId}#${r.memberId}`;

/** The groups of a family's members, from its marks. */
export const familyGroupIds = (family: Pick<Family, 'memberGroups'>): Set<string> =>
  new Set([...(family.memberGroups ?? [])].map((m) => m.slice(0, m.lastIndexOf('#'))));

/** The groups a member leads (its roles marked leader), from a stored item. */
export const memberLeads = (member: { leads?: unknown }): ReadonlySet<string> =>
  member.leads instanceof Set ? (member.leads as ReadonlySet<string>) : new Set();

/** The groups of a member, from an entity or a stored item (an item with none has no attribute). */
export const memberGroupIds = (member: { groupIds?: unknown }): ReadonlySet<string> =>
  member.groupIds instanceof Set ? (member.groupIds as ReadonlySet<string>) : new Set();

/** A role's marks written: the member's, under the condition given (the member as read), and its family's. */
export function joinMarks(
  role: RoleRef,
  memberCondition: { condition: string; values: Record<string, unknown> },
): Step[] {
  return [
    {
      action: update(
        keys.member(role.orgId, role.familyId, role.memberId),
        'ADD rolesVersion :one, groupIds :g',
        { ':one': 1, ':g': new Set([role.groupId]), ...memberCondition.values },
        memberCondition.condition,
      ),
    },
    {
      action: update(keys.family(role.orgId, role.familyId), 'ADD membersVersion :one, memberGroups :m', {
        ':one': 1,
        ':m': new Set([mark(role)]),
      }),
    },
  ];
}

/** The family marks of roles that end, one update per family. */
export function familyLeaveMarks(roles: readonly RoleRef[]): Step[] {
  const byFamily = new Map<string, RoleRef[]>();
  for (const r of roles) byFamily.set(r.familyId, [...(byFamily.get(r.familyId) ?? []), r]);
  return [...byFamily.values()].map((own) => ({
    action: update(keys.family(own[0]!.orgId, own[0]!.familyId), 'ADD membersVersion :one DELETE memberGroups :m', {
      ':one': 1,
      ':m': new Set(own.map(mark)),
    }),
  }));
}

/** A role made a leader of its group, or no longer: the role's mark and its member's set of groups it leads. */
export function leaderMarks(role: Pick<Role, 'orgId' | 'groupId' | 'memberId' | 'familyId'>, leader: boolean): Step[] {
  return [
    {
      action: update(keys.role(role.orgId, role.groupId, role.memberId), 'SET leader = :leader', { ':leader': leader }),
    },
    {
      // A new rolesVersion, as for joining: a member write that read the member before is refused, not lose the mark.
      action: update(
        keys.member(role.orgId, role.familyId, role.memberId),
        leader ? 'ADD rolesVersion :one, leads :g' : 'ADD rolesVersion :one DELETE leads :g',
        { ':one': 1, ':g': new Set([role.groupId]) },
      ),
    },
  ];
}

/** The marks of roles that end, on their members (still there: their groups and the groups they lead) and their families. */
export function leaveMarks(roles: readonly RoleRef[]): Step[] {
  return [
    ...roles.map((r) => ({
      action: update(
        keys.member(r.orgId, r.familyId, r.memberId),
        'ADD rolesVersion :one DELETE groupIds :g, leads :g',
        { ':one': 1, ':g': new Set([r.groupId]) },
      ),
    })),
    ...familyLeaveMarks(roles),
  ];
}

/** Families and members carrying the marks these roles give them (seeding, and the backfill of older data). */
export function withGroupMarks<F extends Family, M extends Member>(
  families: readonly F[],
  members: readonly M[],
  roles: readonly RoleRef[],
): { families: F[]; members: M[] } {
  const ofFamily = new Map<string, Set<string>>();
  const ofMember = new Map<string, Set<string>>();
  for (const r of roles) {
    ofFamily.set(r.familyId, (ofFamily.get(r.familyId) ?? new Set()).add(mark(r)));
    ofMember.set(r.memberId, (ofMember.get(r.memberId) ?? new Set()).add(r.groupId));
  }
  // DynamoDB stores no empty set: an item with no groups has no attribute.
  return {
    families: families.map((f) => (ofFamily.has(f.familyId) ? { ...f, memberGroups: ofFamily.get(f.familyId) } : f)),
    members: members.map((m) => (ofMember.has(m.memberId) ? { ...m, groupIds: ofMember.get(m.memberId) } : m)),
  };
}

/** The groups of one member: one GetItem of its `groupIds` (none when the member is gone). */
export async function readMemberGroupIds(
  orgId: string,
  familyId: string,
  memberId: string,
): Promise<ReadonlySet<string>> {
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.member(orgId, familyId, memberId),
      ProjectionExpression: 'groupIds',
    }),
  );
  return memberGroupIds(Item ?? {});
}

/** The roles whose member is still there: a role that outlived its member (older data) has no marks to take off. */
export async function rolesOfExistingMembers<R extends RoleRef>(roles: readonly R[]): Promise<R[]> {
  const keyed = roles.filter((r) => r.familyId);
  if (!keyed.length) return [];
  const found = await batchGetAll(
    tableName(),
    keyed.map((r) => keys.member(r.orgId, r.familyId, r.memberId)),
    'memberId',
  );
  const present = new Set(found.map((i) => String(i.memberId)));
  return keyed.filter((r) => present.has(r.memberId));
}

/** A family's marks as stored. */
export const familyGroupMarks = (family: { memberGroups?: unknown }): ReadonlySet<string> =>
  family.memberGroups instanceof Set ? (family.memberGroups as ReadonlySet<string>) : new Set();
