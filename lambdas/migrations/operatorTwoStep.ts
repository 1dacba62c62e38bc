/**
 * After deploying the per-token check of the super-admin's second step: an operator who turned it on
 * before then gets the run's moment (accounts/operatorTwoStep.ts), instead of being refused until
 * the step is reset and set up again.
 */
import { recordOperatorTwoStep } from '../accounts/operatorTwoStep';
import { defineSingleMigration } from '../platform/wiring/migration';

export const handler = defineSingleMigration('recordOperatorTwoStep', { recorded: 0 }, () => recordOperatorTwoStep());
