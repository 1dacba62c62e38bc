/**
 * Races played out in a fixed order, for regression tests of the write conditions: a domain
 * function runs in the test process against the same local table as the API, and `meanwhile`
 * (another request, through the API) runs after its reads, just before its transaction is sent.
 */
import type { Viewer } from '../../lambdas/core/viewer';
import { ddb } from '../../lambdas/platform/aws/ddb';
import type { Church } from './fixtures';

let counter = 0;

export async function beforeItsWrite<T>(meanwhile: () => Promise<unknown>, work: () => Promise<T>): Promise<T> {
  const name = `beforeItsWrite-${counter++}`;
  let pending = true;
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      if (pending && context.commandName === 'TransactWriteItemsCommand') {
        pending = false;
        await meanwhile();
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    return await work();
  } finally {
    ddb.middlewareStack.remove(name);
  }
}

/** The church's administrator, as the domain functions see a caller. */
export const adminOf = (church: Church): Viewer => ({
  orgId: church.orgId,
  admin: true,
  familyId: null,
  memberId: null,
  user: null,
});
