/** The callers of the security matrix: one of each role, in one church, plus an admin of another. */
import { createAccountIn, createChurch, type Church } from '../support/fixtures';
import { stack } from '../support/env';

export const ROLES = ['anonymous', 'unverified', 'member', 'familyUser', 'admin', 'otherAdmin', 'superAdmin'] as const;
export type Role = (typeof ROLES)[number];

export interface World {
  church: Church;
  other: Church;
  /** The family the familyUser belongs to (target of family-scoped routes). */
  familyId: string;
  tokens: Record<Role, string | null>;
}

export async function buildWorld(): Promise<World> {
  const [church, other] = await Promise.all([createChurch(), createChurch()]);
  const familyId = 'fam-matrix';
  const [unverified, member, familyUser] = await Promise.all([
    createAccountIn(church.orgId, { verified: false }),
    createAccountIn(church.orgId),
    createAccountIn(church.orgId, { familyId, memberId: 'mem-matrix' }),
  ]);
  return {
    church,
    other,
    familyId,
    tokens: {
      anonymous: null,
      unverified: unverified.token,
      member: member.token,
      familyUser: familyUser.token,
      admin: church.adminToken,
      otherAdmin: other.adminToken,
      // The configured super-admin address, as an ordinary (non-admin) member of the church.
      superAdmin: (await createAccountIn(church.orgId, { email: stack.env.SUPER_ADMIN_EMAIL! })).token,
    },
  };
}

