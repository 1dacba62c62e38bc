/**
 * The super-admin must sign in with a second step: its routes (access `superAdmin`, each declaring
 * `admit: requireOperatorTotp` and `cognito-idp:AdminGetUser`) refuse the account until TOTP is on
 * in Cognito (AdminGetUser's UserMFASettingList). A yes is kept a minute per container for the
 * token it was checked with, so a burst of operator calls costs one Cognito read; a no is never
 * kept, so turning it on takes effect on the next call. The token cannot say it: Cognito puts no
 * MFA claim in it.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { OPERATOR_NEEDS_TOTP } from '../../contract/mfa';
import { denied } from '../../core/errors';
import { cognito, userPoolId } from '../aws/cognito';
import type { Principal } from './principal';

export const TOTP_ON_CACHE_MS = 60_000;

const onUntil = new Map<string, number>();

export async function requireOperatorTotp(
  principal: Principal,
  event: { requestContext?: { authorizer?: { jwt?: { claims?: Record<string, unknown> } } } },
): Promise<void> {
  const key = `${principal.userId}:${String(event.requestContext?.authorizer?.jwt?.claims?.iat ?? '')}`;
  if ((onUntil.get(key) ?? 0) > Date.now()) return;
  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: principal.email }));
  if (!user.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA')) throw denied(OPERATOR_NEEDS_TOTP);
  if (onUntil.size > 1000) onUntil.clear();
  onUntil.set(key, Date.now() + TOTP_ON_CACHE_MS);
}
