/**
 * The directory's writes as transaction steps (core/repos/transact.ts): the use cases compose them
 * with the steps of the other capabilities (roles, accounts, search words) into one transaction.
 */
import type { Member } from '../../core/entities';
import { keys } from '../../core/repos/keys';
import { memberUnchanged, type Condition } from '../../core/repos/conditions';
import { put, remove, update, type Step } from '../../core/repos/transact';
import { memberEmailClaimItem } from './items';

/** The member's address claimed for it (one member per address in a church): refused when another member holds it. */
export const claimEmail = (m: Member): Step[] =>
  m.email ? [{ action: put(memberEmailClaimItem({ ...m, email: m.email }), 'attribute_not_exists(PK)') }] : [];

/** The family's member set changed: a family delete that read the old set will be refused. */
export const familyTouched = (m: Pick<Member, 'orgId' | 'familyId'>): Step => ({
  action: update(keys.family(m.orgId, m.familyId), 'ADD membersVersion :one', { ':one': 1 }),
});

/**
 * A new member's touch of its family: it copies the family's surname, so the add requires that
 * surname unchanged; a rename committed meanwhile refuses the add rather than leave the old name.
 */
export const familyJoined = (m: Pick<Member, 'orgId' | 'familyId' | 'surname'>): Step => ({
  action: update(
    keys.family(m.orgId, m.familyId),
    'ADD membersVersion :one',
    { ':one': 1, ':s': m.surname },
    'surname = :s',
  ),
});

/** The member removed as it was read (same version, same roles), from the church's count. */
export const memberRemoval = (m: Member): Step => ({
  action: remove(keys.member(m.orgId, m.familyId, m.memberId), memberUnchanged(m).condition, memberUnchanged(m).values),
  counts: { memberCount: -1 },
});

/**
 * The member's surname (its family's, renamed), with its place in the directory's order, as a new
 * version of the member as read: an edit or role add that read the old surname is refused, either order.
 */
export function memberSurnamed(m: Member, surname: string): Step {
  const unchanged = memberUnchanged(m);
  const order = keys.memberOrder(m.orgId, surname, m.familyId, m.memberId);
  return {
    action: update(
      keys.member(m.orgId, m.familyId, m.memberId),
      'SET surname = :s, GSI4PK = :dir, GSI4SK = :at ADD version :one',
      { ':s': surname, ':dir': order.GSI4PK, ':at': order.GSI4SK, ':one': 1, ...unchanged.values },
      unchanged.condition,
    ),
  };
}

/** The family removed as it was read (`unchanged`), from the church's count. */
export const familyRemoval = (orgId: string, familyId: string, unchanged: Condition): Step => ({
  action: remove(keys.family(orgId, familyId), unchanged.condition, unchanged.values),
  counts: { familyCount: -1 },
});
