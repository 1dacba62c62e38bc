/**
 * What admits a signed-in account to its church on each request (platform/wiring/principal.ts): its
 * user record (authoritative over the token), the member it claims, the church's privacy item when
 * the route wants it, and whether the church still lists the account.
 */
import type { ChurchPrivacy, UserRecord } from '../core/entities';
import { listingOf } from '../directory/listing';
import { getUserRecordAndClaimedMember } from './repos/users';

export interface Admission {
  user: UserRecord | null;
  church: ChurchPrivacy | null;
  listed: boolean;
  groupIds: ReadonlySet<string> | null;
  leads: ReadonlySet<string> | null;
}

export async function admissionOf(
  orgId: string,
  userId: string,
  claim: { memberId: string | null; familyId: string | null },
  withChurch: boolean,
): Promise<Admission> {
  const { user, claimed, church } = await getUserRecordAndClaimedMember(orgId, userId, claim, withChurch);
  if (!user) return { user, church, listed: false, groupIds: null, leads: null };
  return { user, church, ...(await listingOf(user, claimed)) };
}
