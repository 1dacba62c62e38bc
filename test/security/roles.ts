/** The callers of the security matrix: one of each role, in one church, plus an admin of another. */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { linkUserToMember, readmitAddress, unlinkUser } from '../../lambdas/accounts/repos/users';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { call } from '../support/api';
import { photoIdOf } from '../../lambdas/photos/photo-keys';
import {
  addFamilyVia,
  createAccountIn,
  createChurch,
  memberAccountIn,
  newId,
  unique,
  type Church,
} from '../support/fixtures';
import { uploadPhoto } from '../support/upload';
import { auditStep } from '../../lambdas/audit/trail';
import { superAdminIn } from '../support/jobs';

export const ROLES = ['anonymous', 'unverified', 'member', 'familyUser', 'admin', 'otherAdmin', 'superAdmin'] as const;
export type Role = (typeof ROLES)[number];

export interface World {
  church: Church;
  other: Church;
  /** A family of the church, with one member; the familyUser belongs to it unless `ownFamily` moved them. */
  family: Awaited<ReturnType<typeof addFamilyVia>>;
  tokens: Record<Role, string | null>;
  /**
   * A new family of the church (with one member) that the familyUser now belongs to: a fresh
   * target for each call that changes or deletes one. The user record is linked, not the token,
   * which also shows that the record's link wins over a stale token claim.
   */
  ownFamily: () => Promise<Awaited<ReturnType<typeof addFamilyVia>>>;
  /**
   * A family of the church left out of the directory, with one member whose address only admins
   * see, and a handled photo upload of it: what only admins (and that family, which no role here
   * belongs to) may see.
   */
  hidden: Target;
  /** A new group of the church (through the API), with `family`'s member in it when `withRole`. */
  newGroup: (withRole?: boolean) => Promise<{ groupId: string; memberId: string }>;
}

/** The ids a route may be asked about. */
export interface Target {
  familyId: string;
  memberId: string;
  photoId: string;
}

/** Ids no record holds. */
export const unknownTarget = (): Target => ({ familyId: newId(), memberId: newId(), photoId: newId() });

async function hiddenFamily(church: Church): Promise<Target> {
  const hidden = await addFamilyVia(church.adminToken, { surname: unique('Hiddenfield') });
  const body = { unlisted: true, family: {}, members: { [hidden.memberId]: { email: 'admins' } } };
  const set = await call('setFamilyPrivacy', { token: church.adminToken, params: { familyId: hidden.familyId }, body });
  if (set.status !== 200) throw new Error(`setFamilyPrivacy failed: ${JSON.stringify(set.body)}`);
  const photo = await uploadPhoto(church.adminToken, hidden.familyId);
  return { familyId: hidden.familyId, memberId: hidden.memberId, photoId: photoIdOf(photo)! };
}

export async function buildWorld(): Promise<World> {
  const [church, other] = await Promise.all([createChurch(), createChurch()]);
  const family = await addFamilyVia(church.adminToken);
  const [unverified, member, familyUser] = await Promise.all([
    createAccountIn(church.orgId, { verified: false }),
    // A member of another family: the church lists them, they edit none of `family`.
    memberAccountIn(church),
    createAccountIn(church.orgId, { familyId: family.familyId, memberId: family.memberId }),
  ]);
  const hidden = await hiddenFamily(church);
  return {
    church,
    other,
    family,
    hidden,
    ownFamily: async () => {
      const fresh = await addFamilyVia(church.adminToken);
      // A linked account is never relinked: unlinked first, as a delete of its member would, and
      // readmitted as an administrator would (a deleteFamily call may have removed it).
      await ddb.send(new TransactWriteCommand({ TransactItems: [unlinkUser(church.orgId, familyUser.userId)] }));
      await readmitAddress(church.orgId, familyUser.email);
      const linked = auditStep(
        { orgId: church.orgId, actor: null },
        { kind: 'church', id: church.orgId, name: 'test' },
        [],
      );
      await linkUserToMember(church.orgId, familyUser.userId, fresh.memberId, fresh.familyId, linked);
      return fresh;
    },
    newGroup: async (withRole = false) => {
      const added = await call<{ groupId: string }>('addGroup', {
        token: church.adminToken,
        body: { groupName: unique('Matrix Group') },
      });
      if (added.status !== 200) throw new Error(`addGroup failed: ${JSON.stringify(added.body)}`);
      const { groupId } = added.body;
      if (withRole) {
        const role = await call('addRole', {
          token: church.adminToken,
          params: { groupId },
          body: { memberId: family.memberId, label: 'Usher' },
        });
        if (role.status !== 200) throw new Error(`addRole failed: ${JSON.stringify(role.body)}`);
      }
      return { groupId, memberId: family.memberId };
    },
    tokens: {
      anonymous: null,
      unverified: unverified.token,
      member: member.token,
      familyUser: familyUser.token,
      admin: church.adminToken,
      otherAdmin: other.adminToken,
      // The configured super-admin address, with a user record in the church but no member: not the church's.
      superAdmin: (await superAdminIn(church.orgId)).token,
    },
  };
}
