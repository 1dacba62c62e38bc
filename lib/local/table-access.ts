/**
 * Which DynamoDB operations each route's handler sent, as they ran in this process: the record
 * behind test/integration/table-access.test.ts, which holds every route whose manifest says it
 * only reads the table (`uses.table: 'read'`, granted read-only in AWS by lib/grants.ts) to that.
 * Locally no IAM stands in the way, so without this record a read route that wrote would pass
 * every local test and fail only in AWS.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ddb } from '../../lambdas/platform/aws/ddb';

const operation = new AsyncLocalStorage<string>();
const sent = new Map<string, Set<string>>();

/** Runs one handler call as its route's operation. */
export const asOperation = <T>(name: string, call: () => Promise<T>): Promise<T> => operation.run(name, call);

/** Operation → the DynamoDB commands its handler sent (GetItem, TransactWriteItems...), since start-up. */
export const tableAccess = (): Record<string, string[]> =>
  Object.fromEntries([...sent].map(([name, commands]) => [name, [...commands].sort()]));

ddb.middlewareStack.add(
  (next, context) => async (args) => {
    const name = operation.getStore();
    if (name) {
      const commands = sent.get(name) ?? new Set<string>();
      commands.add((context.commandName ?? 'unknown').replace(/Command$/, ''));
      sent.set(name, commands);
    }
    return next(args);
  },
  { step: 'initialize', name: 'localTableAccess' },
);
