/**
 * What each operation answers. The web client and the handlers both use these types, so a
 * change of shape fails the type check on both sides.
 */
import type { ErrorCode } from '../domain/errors';

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string };
}

export interface RegisterOrganizationResult {
  success: true;
  message: string;
  orgId: string;
}

export interface AddClaimCredsResult {
  success: true;
  /** True when the account was linked to a member of the directory now. */
  linked: boolean;
  message: string;
}

export interface MeResult {
  userId: string;
  email: string;
  orgId: string;
  orgName: string;
  admin: boolean;
  superAdmin: boolean;
  memberId: string | null;
  familyId: string | null;
  createdAt: string | null;
  mobileAppLinked: boolean;
}

export interface OperationResults {
  registerOrganization: RegisterOrganizationResult;
  addClaimCreds: AddClaimCredsResult;
  getMe: MeResult;
}
