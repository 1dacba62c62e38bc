/**
 * Church registration's finishing step (finishRegistration), once the administrator's address is
 * proven: the church, its unique name claim and its first administrator, whose account gets the
 * church's claims. All or nothing: if the table write fails, the claims are taken off again.
 */
import { randomUUID } from 'node:crypto';
import type { ChurchInfo } from '../contract/auth';
import type { Principal } from '../core/principal';
import { ADMIN_EXISTS, provenAccount, purposeDone } from './accounts';
import { trialEnd, type Organization, type UserRecord } from '../core/entities';
import { AppError } from '../core/errors';
import { clearCustomAttributes, setCustomAttributes } from './identity';
import { auditStep } from '../audit/trail';
import { accountChange, accountSubject } from './audited';
import { createOrganization, isOrgNameTaken, ORG_NAME_TAKEN } from './repos/orgs';

export async function registerChurch(principal: Principal, church: ChurchInfo): Promise<Organization> {
  const account = await provenAccount(principal);
  if (account.orgId) throw new AppError('already-exists', ADMIN_EXISTS);
  if (await isOrgNameTaken(church.name)) throw new AppError('already-exists', ORG_NAME_TAKEN);

  const orgId = randomUUID();
  const now = new Date();
  const org: Organization = {
    orgId,
    orgName: church.name,
    address: church.address,
    city: church.city,
    state: church.state,
    zip: church.zip,
    contactName: account.name ?? '',
    contactEmail: principal.email,
    createdAt: now.toISOString(),
    expiresAt: trialEnd(now),
    familyCount: 0,
    memberCount: 0,
    groupCount: 0,
  };
  const admin: UserRecord = {
    userId: account.sub,
    orgId,
    email: principal.email,
    admin: true,
    memberId: null,
    familyId: null,
    createdAt: now.toISOString(),
    platform: null,
    mobileAppLinked: false,
  };
  await setCustomAttributes(account.username, { orgId, admin: 'true' });
  try {
    await createOrganization(
      org,
      admin,
      auditStep({ ...principal, orgId }, accountSubject(admin), [accountChange(null, admin)]),
    );
  } catch (error) {
    await clearCustomAttributes(account.username);
    throw error;
  }
  await purposeDone(principal);
  return org;
}

/** A church's name is public: registration refuses a taken one before it opens an account. */
export async function refuseTakenChurchName(name: string): Promise<void> {
  if (await isOrgNameTaken(name)) throw new AppError('already-exists', ORG_NAME_TAKEN);
}
