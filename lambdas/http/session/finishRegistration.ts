import { FinishRegistrationInput } from '../../contract/auth';
import { registered } from '../../accounts/finishAccount';
import { registerChurch } from '../../accounts/registration';
import { log } from '../../platform/log';
import { count } from '../../platform/metrics';
import { defineRoute } from '../../platform/wiring/route';

/** Church registration, last step: the church and its first administrator, the proven caller. */
export const handler = defineRoute(
  'finishRegistration',
  { body: FinishRegistrationInput },
  async ({ principal, body }) => {
    const org = await registerChurch(principal, body.churchInfo);
    log.appendKeys({ orgId: org.orgId });
    count('OrganizationsRegistered');
    return { success: true, message: registered(org.orgName), orgId: org.orgId };
  },
);
