/**
 * Counts the DynamoDB requests behind one API call, for real. The gateway runs the handlers in
 * the process that started it (lib/local/gateway.ts imports them), which is the bench's, so they
 * send through the very `ddb` client of lambdas/platform/aws/ddb.ts imported here. A middleware on
 * that client's stack, in the `deserialize` step (inside the retry middleware), counts every HTTP
 * request the client sends to DynamoDB, retries included: the authorisation's user-record GetItem,
 * every Query page, every BatchGetItem. Nothing else in this process talks to DynamoDB while a
 * counted call runs, and the counter checks that the user-record read was among them (proof the
 * handler used the counted client).
 */
const COUNTER = 'benchCountDynamoRequests';

export interface DdbCounter {
  /** Calls `get(path)` and returns the requests it caused, with the answer's body. */
  count: (pathAndQuery: string) => Promise<{ requests: number; body: string }>;
  stop: () => void;
}

export async function countDdbRequests(
  get: (pathAndQuery: string) => Promise<string>,
  log: (message: string) => void,
): Promise<DdbCounter> {
  const { ddb } = await import('../../lambdas/platform/aws/ddb');
  const sent: string[] = [];
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push((context.commandName ?? 'unknown').replace(/Command$/, ''));
      return next(args);
    },
    { step: 'deserialize', name: COUNTER, priority: 'low' },
  );
  return {
    count: async (pathAndQuery) => {
      sent.length = 0;
      const body = await get(pathAndQuery);
      const requests = [...sent];
      const byCommand = new Map<string, number>();
      for (const r of requests) byCommand.set(r, (byCommand.get(r) ?? 0) + 1);
      const tally = [...byCommand].map(([name, n]) => `${name} ×${n}`);
      log(`GET ${pathAndQuery}: ${requests.length} DynamoDB requests (${tally.join(', ')})`);
      // The user record: a GetItem, or a BatchGetItem with the member a member's token names.
      if (!requests.includes('GetItem') && !requests.includes('BatchGetItem'))
        throw new Error(
          `GET ${pathAndQuery}: the user-record GetItem was not counted; is the handler on another client?`,
        );
      return { requests: requests.length, body };
    },
    stop: () => ddb.middlewareStack.remove(COUNTER),
  };
}
