/**
 * Who is calling, from the JWT claims API Gateway verified, and whether the route's access rule
 * admits them. The user record, not the token, decides admin: a removed admin or a deleted user
 * is refused on the next request, not at the next token. From `member` up, an account that is not
 * an administrator must be linked to a member the church still lists (directory/listing.ts).
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { Access } from '../../routes';
import { NOT_LISTED } from '../../contract/listing';
import { denied, unauthenticated } from '../../core/errors';
import type { Principal } from '../../core/principal';

export type { Principal };
import { isOperatorEmail } from '../../accounts/operator';
import { admissionOf } from '../../accounts/admission';

type Claims = Record<string, string | number | boolean | string[] | undefined>;

const text = (v: Claims[string]) => (v === undefined || v === null ? '' : String(v));

export function principalFromClaims(claims: Claims | undefined): Principal | null {
  if (!claims || !claims.sub) return null;
  const email = text(claims.email).toLowerCase();
  const emailVerified = text(claims.email_verified) === 'true';
  return {
    userId: text(claims.sub),
    email,
    emailVerified,
    orgId: text(claims['custom:orgId']),
    memberId: text(claims['custom:memberId']) || null,
    familyId: text(claims['custom:familyId']) || null,
    admin: false,
    superAdmin: emailVerified && isOperatorEmail(email),
    user: null,
    groupIds: null,
    leads: null,
    church: null,
    actor: null,
  };
}

/** The caller as the audit trail names it for the changes of this request. */
export const withActor = (principal: Principal, operation: string, requestId: string | undefined): Principal => ({
  ...principal,
  actor: { userId: principal.userId, email: principal.email, operation, requestId: requestId ?? null },
});

/** `withChurch`: read the church's privacy item in the same request as the user record (Principal.church). */
export async function authorise(
  access: Access,
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  withChurch = false,
): Promise<Principal | null> {
  const principal = principalFromClaims(event.requestContext?.authorizer?.jwt?.claims as Claims | undefined);
  if (access === 'public') return principal;
  if (!principal) throw unauthenticated();
  if (access === 'signedIn') return principal;
  if (access === 'superAdmin') {
    if (!principal.superAdmin) throw denied('You are not authorized to perform this action.');
    return principal;
  }
  if (!principal.emailVerified) throw denied('Please verify your email address before continuing.');
  if (!principal.orgId) throw denied('Organization details missing from your account.');
  const { user, church, listed, groupIds, leads } = await admissionOf(
    principal.orgId,
    principal.userId,
    principal,
    withChurch,
  );
  if (!user) throw denied('Your account is no longer active in this organization.');
  if (!listed) throw denied(NOT_LISTED);
  // The record decides, never the token: its links may be newer (addClaimCreds links, a member or
  // family delete unlinks) than the claims of a token that stays valid for up to an hour.
  const admitted: Principal = {
    ...principal,
    user,
    admin: user.admin,
    memberId: user.memberId,
    familyId: user.familyId,
    groupIds,
    leads,
    church,
  };
  if (access === 'admin' && !admitted.admin) throw denied();
  return admitted;
}
