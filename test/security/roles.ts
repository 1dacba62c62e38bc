/** The callers of the security matrix: one of each role, in one church, plus an admin of another. */
import { PASSWORD, createAccountIn, createChurch, verifyEmail, type Church } from '../support/fixtures';
import { idToken } from '../support/api';
import { stack } from '../support/env';
import { createAccount } from '../../lambdas/domain/identity';
import { userItem } from '../../lambdas/domain/repos/users';
import { ddb } from '../../lambdas/platform/ddb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';

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
      superAdmin: await superAdminToken(church.orgId),
    },
  };
}

/** The configured super-admin address, as an ordinary (non-admin) member of the church. */
async function superAdminToken(orgId: string): Promise<string> {
  const email = stack.env.SUPER_ADMIN_EMAIL!;
  const userId = await createAccount({ email, name: 'Super Admin', password: PASSWORD, custom: { orgId, admin: 'false' }, emailTakenMessage: 'taken' });
  await ddb.send(
    new PutCommand({
      TableName: stack.env.TABLE_NAME,
      Item: userItem({ userId, orgId, email, admin: false, memberId: null, familyId: null, createdAt: new Date().toISOString(), platform: null, mobileAppLinked: false }),
    }),
  );
  await verifyEmail(email);
  return idToken(email, PASSWORD);
}

export { createAccountIn };
