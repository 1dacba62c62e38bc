/**
 * Who may read a church's directory: its administrators, and an account linked to a member the
 * church still lists. Deleting a member or a family unlinks its accounts, so their next request is
 * refused; the member's own item is read too, so a link that outlived its member (older data)
 * admits nobody either.
 */
import type { UserRecord } from './entities';
import { linkedMemberExists } from './repos/users';

export async function isListed(user: UserRecord): Promise<boolean> {
  return user.admin === true || (await linkedMemberExists(user));
}
