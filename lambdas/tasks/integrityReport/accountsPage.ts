/** Task AccountsPage: one page of Cognito accounts, each checked for its user record. */
import { accountsStep } from '../../jobs/reportJob';
import { defineTask } from '../../platform/wiring/task';

export const handler = defineTask('integrityReport/accountsPage', accountsStep);
