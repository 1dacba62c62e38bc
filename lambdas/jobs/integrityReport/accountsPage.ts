/** Task AccountsPage: one page of Cognito accounts, each checked for its user record. */
import { accountsStep, type AccountsStep } from '../../domain/reportJob';

export const handler = (event: AccountsStep) => accountsStep(event);
