/**
 * Whether an account's two-step sign-in is on in Cognito now (AdminGetUser), and since when the API
 * keeps it on (accounts/twoStep.ts): what the super-admin's routes admit with
 * (platform/wiring/operatorMfa.ts). Apart from twoStep.ts, so that those routes' bundles hold no
 * Cognito call they are not granted.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Principal } from '../core/principal';
import { cognito, userPoolId } from '../platform/aws/cognito';
import { twoStepOnSince } from './repos/twoStep';

/** `since`: epoch ms, null when no turn-on is on record. */
export async function twoStepState(principal: Principal): Promise<{ on: boolean; since: number | null }> {
  const [user, since] = await Promise.all([
    cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: principal.email })),
    twoStepOnSince(principal.userId),
  ]);
  return { on: user.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA') ?? false, since };
}
