/** Task AccountsPage: one page of Cognito accounts, each checked for its user record. */
import { accountsStep } from '../../jobs/reportJob';
import { defineTask } from '../../platform/task';

export const handler = defineTask('integrityReport/accountsPage', accountsStep);
