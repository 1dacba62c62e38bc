import { setTwoStep } from '../../accounts/twoStep';
import { SetTwoStepInput } from '../../contract/mfa';
import { defineRoute } from '../../platform/wiring/route';

/** Turns the caller's two-step sign-in on (once its authenticator is verified with Cognito) or off. */
export const handler = defineRoute('setTwoStep', { body: SetTwoStepInput }, async ({ principal, body }) =>
  setTwoStep(principal, body.on),
);
