/**
 * The operator whose two-step sign-in went on before the product kept when (the per-token check of
 * platform/wiring/operatorMfa.ts came later, or the step was turned on with Cognito's own API): with
 * TOTP on in Cognito and no moment kept, the operator pages refuse every token. Run once by a
 * migration after the deployment (migrations/operatorTwoStep.ts), this keeps the run's own moment:
 * every sign-in after it has to answer the code, while the tokens from before it are still refused
 * (the safe side: the operator signs in again with the code). A moment already kept stays as it
 * is, and an account without TOTP on gets none, so a run again changes nothing.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito, userPoolId } from '../platform/aws/cognito';
import { operatorEmail } from './operator';
import { keepFirstTwoStepOnSince } from './repos/twoStep';

/** `recorded`: 1 when the operator's moment was kept by this run, else 0. */
export async function recordOperatorTwoStep(now = new Date()): Promise<{ recorded: number }> {
  const email = operatorEmail();
  if (!email) return { recorded: 0 };
  let user;
  try {
    user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email }));
  } catch (error) {
    // No operator account yet: it will set its second step up in My Profile, which keeps the moment.
    if ((error as Error).name === 'UserNotFoundException') return { recorded: 0 };
    throw error;
  }
  const userId = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!userId || !user.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA')) return { recorded: 0 };
  return { recorded: (await keepFirstTwoStepOnSince(userId, now)) ? 1 : 0 };
}
