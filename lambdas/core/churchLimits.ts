/**
 * What one church may hold and how fast it may write: high enough for the largest churches, low
 * enough that a runaway script or a stolen administrator's token cannot fill the table or take
 * the write capacity every church shares. The size limits are conditions on the organisation's
 * counts, in the same transaction as the write that grows them (core/repos/transact.ts); the write
 * rate is one counter a minute per church, taken before each ordinary write (core/writeRate.ts).
 * docs/limits.md gives the reasons for the numbers.
 */

export interface Counts {
  familyCount?: number;
  memberCount?: number;
  groupCount?: number;
}

export const CHURCH_LIMITS: Required<Counts> = {
  familyCount: 20_000,
  memberCount: 100_000,
  groupCount: 2_000,
};

const WHAT: Record<keyof Counts, string> = { familyCount: 'families', memberCount: 'members', groupCount: 'groups' };

export const churchLimitMessage = (count: keyof Counts) =>
  `This church has reached its limit of ${CHURCH_LIMITS[count].toLocaleString('en-US')} ${WHAT[count]}. ` +
  'Delete some it no longer needs, or write to us if it really has more.';

/**
 * Members one family may list: more than any household, and what keeps every answer that holds
 * a whole family (its page, the list's page, a search) far below Lambda's 6 MB. Checked on the
 * family as read by the add, so two adds at the same moment may pass it by one: a bound on size,
 * not a count anyone relies on.
 */
export const FAMILY_MEMBER_LIMIT = 100;

export const FAMILY_FULL_MESSAGE = `A family can list at most ${FAMILY_MEMBER_LIMIT} members. Add them to a family of their own.`;

/** Ordinary writes (saves, adds, deletes) one church may make in a minute: 5 a second. */
export const WRITES_PER_MINUTE = 300;

export const WRITE_RATE_MESSAGE =
  'Your church is saving a great many changes at once. Please wait a minute and try again.';
