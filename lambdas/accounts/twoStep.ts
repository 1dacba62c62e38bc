/**
 * Two-step sign-in turned on or off through the API (setTwoStep), so the server knows when it went
 * on: the browser sets up the authenticator with Cognito (AssociateSoftwareToken, then
 * VerifySoftwareToken with a code), then asks here. Turning on sets TOTP enabled and preferred
 * (AdminSetUserMFAPreference) and only then keeps the moment, so every sign-in after that moment
 * had to answer a code; the super-admin's routes admit only such sign-ins
 * (platform/wiring/operatorMfa.ts). Turning on an account that is on already, with a moment kept,
 * changes nothing (the moment stays: the sessions it admits answered a code). Turning off forgets
 * the moment, so turning on again sets a new one; the super-admin may not turn it off (an operator
 * resets a lost authenticator with the CLI, docs/runbook.md).
 */
import { AdminSetUserMFAPreferenceCommand } from '@aws-sdk/client-cognito-identity-provider';
import { OPERATOR_KEEPS_TOTP, TOTP_NOT_SET_UP, type SetTwoStepResult } from '../contract/mfa';
import { AppError, denied } from '../core/errors';
import type { Principal } from '../core/principal';
import { cognito, userPoolId } from '../platform/aws/cognito';
import { forgetTwoStepOnSince, keepTwoStepOnSince } from './repos/twoStep';
import { twoStepState } from './twoStepState';

const setPreference = (email: string, on: boolean) =>
  cognito.send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: userPoolId(),
      Username: email,
      SoftwareTokenMfaSettings: { Enabled: on, PreferredMfa: on },
    }),
  );

export async function setTwoStep(principal: Principal, on: boolean): Promise<SetTwoStepResult> {
  if (!on) {
    if (principal.superAdmin) throw denied(OPERATOR_KEEPS_TOTP);
    await setPreference(principal.email, false);
    await forgetTwoStepOnSince(principal.userId);
    return { on: false };
  }
  const now = await twoStepState(principal);
  if (now.on && now.since !== null) return { on: true };
  try {
    await setPreference(principal.email, true);
  } catch (error) {
    // Cognito's answer when no authenticator was verified for the account.
    if ((error as { name?: string }).name === 'InvalidParameterException')
      throw new AppError('failed-precondition', TOTP_NOT_SET_UP);
    throw error;
  }
  await keepTwoStepOnSince(principal.userId, new Date());
  return { on: true };
}
