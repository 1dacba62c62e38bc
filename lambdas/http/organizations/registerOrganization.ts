import { randomUUID } from 'node:crypto';
import { RegisterOrganizationInput } from '../../contract/auth';
import { trialEnd, type Organization, type UserRecord } from '../../domain/entities';
import { AppError } from '../../domain/errors';
import { createAccount, deleteAccount } from '../../domain/identity';
import { createOrganization, isOrgNameTaken, ORG_NAME_TAKEN } from '../../domain/repos/orgs';
import { log } from '../../platform/log';
import { count } from '../../platform/metrics';
import { defineRoute } from '../../platform/route';

/**
 * Registers a church: its record, its unique name claim and its first administrator (Cognito
 * account + user record). All or nothing: if the table write fails, the account is removed.
 */
export const handler = defineRoute('registerOrganization', { body: RegisterOrganizationInput }, async ({ body }) => {
  const { churchInfo, adminInfo } = body;
  if (await isOrgNameTaken(churchInfo.name)) throw new AppError('already-exists', ORG_NAME_TAKEN);

  const orgId = randomUUID();
  const now = new Date();
  const userId = await createAccount({
    email: adminInfo.email,
    name: adminInfo.name,
    password: adminInfo.password,
    custom: { orgId, admin: 'true' },
    emailTakenMessage: 'An administrator account with this email already exists.',
  });

  const org: Organization = {
    orgId,
    orgName: churchInfo.name,
    address: churchInfo.address,
    city: churchInfo.city,
    state: churchInfo.state,
    zip: churchInfo.zip,
    contactName: adminInfo.name,
    contactEmail: adminInfo.email,
    createdAt: now.toISOString(),
    expiresAt: trialEnd(now),
    familyCount: 0,
    memberCount: 0,
    groupCount: 0,
  };
  const admin: UserRecord = {
    userId,
    orgId,
    email: adminInfo.email,
    admin: true,
    memberId: null,
    familyId: null,
    createdAt: now.toISOString(),
    platform: null,
    mobileAppLinked: false,
  };
  try {
    await createOrganization(org, admin);
  } catch (error) {
    await deleteAccount(adminInfo.email);
    throw error;
  }
  log.appendKeys({ orgId });
  count('OrganizationsRegistered');
  return { success: true, message: `Organization "${org.orgName}" registered.`, orgId };
});
