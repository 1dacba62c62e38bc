/**
 * Who may read a church's directory: its administrators, and an account linked to a member the
 * church still lists. Deleting a member or a family unlinks its accounts, so their next request is
 * refused; the member's own item is read too, so a link that outlived its member (older data)
 * admits nobody either. That read also gives the member's groups, which the visibility rule needs.
 */
import type { UserRecord } from '../core/entities';
import { linkedMember, type ClaimedMember } from '../accounts/repos/users';

export interface Listing {
  listed: boolean;
  /** The groups of the account's member, when it was read (an administrator's is not). */
  groupIds: ReadonlySet<string> | null;
  /** The groups that member leads, read with them. */
  leads: ReadonlySet<string> | null;
}

/** `claimed`: the member the token names, already read; used when it is still the record's link. */
export async function listingOf(user: UserRecord, claimed: ClaimedMember | null = null): Promise<Listing> {
  if (user.admin === true) return { listed: true, groupIds: null, leads: null };
  const member =
    claimed && claimed.memberId === user.memberId && claimed.familyId === user.familyId
      ? claimed
      : await linkedMember(user);
  return member?.found
    ? { listed: true, groupIds: member.groupIds, leads: member.leads }
    : { listed: false, groupIds: null, leads: null };
}
