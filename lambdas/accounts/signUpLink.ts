/**
 * The church a sign-up link (/create-account/<orgId>) names, for the sign-up page to say which
 * church the person is joining. The link is the church's public invitation, so its name is for
 * anyone who holds it; nothing else of the church is answered.
 */
import { SIGNUP_LINK_UNKNOWN } from '../contract/auth';
import type { OrganizationNameResult } from '../contract/api';
import { notFound } from '../core/errors';
import { getOrgName } from './repos/orgs';

/** The church's name (one GetItem); an unknown id and one that cannot be ours (null) get the same not-found. */
export async function churchOfLink(orgId: string | null): Promise<OrganizationNameResult> {
  const orgName = orgId === null ? null : await getOrgName(orgId);
  if (orgName === null) throw notFound(SIGNUP_LINK_UNKNOWN);
  return { orgName };
}
