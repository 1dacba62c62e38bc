/**
 * Conditions that a write finds an item as it was read, shared by the family, member and group
 * changes, so a delete that read a set of dependants never leaves one behind.
 */
import type { Member } from '../entities';
import { keys } from './keys';
import { remove } from './transact';

/** A conditional write refused: the item was not as the write required. */
export const conditionFailed = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

export interface Condition {
  condition: string;
  values: Record<string, unknown>;
}

/**
 * The item is as it was read: the same version (when it has one) and the same set of dependants,
 * which every add or removal of a dependant bumps (a family's membersVersion, a group's or a
 * member's rolesVersion).
 */
export function unchangedSince(
  item: { version?: number; membersVersion?: number; rolesVersion?: number },
  counter: 'membersVersion' | 'rolesVersion',
): Condition {
  const seen = item[counter];
  return {
    condition: `${item.version === undefined ? 'attribute_exists(PK)' : 'version = :v'} AND ${seen === undefined ? `attribute_not_exists(${counter})` : `${counter} = :c`}`,
    values: {
      ...(item.version === undefined ? {} : { ':v': item.version }),
      ...(seen === undefined ? {} : { ':c': seen }),
    },
  };
}

/** A member as read: same version, same roles. */
export const memberUnchanged = (m: Member) => unchangedSince(m, 'rolesVersion');

/** A member's e-mail claim, if it is this member's (older data may have none). */
export const removeEmailClaim = (orgId: string, email: string, memberId: string) =>
  remove(keys.memberEmailClaim(orgId, email), 'attribute_not_exists(PK) OR memberId = :m', { ':m': memberId });
