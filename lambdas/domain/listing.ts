/**
 * Who may read a church's directory: its administrators, and an account linked to a member the
 * church still lists. Deleting a member or a family unlinks its accounts, so their next request is
 * refused; the member's own item is read too, so a link that outlived its member (older data)
 * admits nobody either.
 */
import type { UserRecord } from './entities';
import { linkedMemberExists, type ClaimedMember } from './repos/users';

/** `claimed`: the member the token names, already read; used when it is still the record's link. */
export async function isListed(user: UserRecord, claimed: ClaimedMember | null = null): Promise<boolean> {
  if (user.admin === true) return true;
  if (claimed && claimed.memberId === user.memberId && claimed.familyId === user.familyId) return claimed.found;
  return linkedMemberExists(user);
}
