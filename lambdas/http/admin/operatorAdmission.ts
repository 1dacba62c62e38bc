/**
 * What every super-admin route admits with (its `admit`): the check of the second step, per token
 * (platform/wiring/operatorMfa.ts), on the account's state as the accounts capability reads it
 * (accounts/twoStepState.ts). Joined here, by the entry points, so that the wiring imports no
 * capability for it.
 */
import { twoStepState } from '../../accounts/twoStepState';
import { operatorTotp } from '../../platform/wiring/operatorMfa';

export const requireOperatorTotp = operatorTotp(twoStepState);
