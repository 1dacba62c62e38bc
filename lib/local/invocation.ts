/**
 * In AWS each Lambda instance serves one invocation at a time; here every handler shares this
 * process, and requests overlap. As the Lambda runtime does for an instance that serves several
 * invocations at once (AWS_LAMBDA_MAX_CONCURRENCY), each call runs in its own InvokeStore context,
 * where Powertools keeps the invocation's log keys and metrics: one request's organisation never
 * shows on another's log line.
 */
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';

process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '1000';
// Made now, so the store exists (globally, where Powertools looks) before any handler runs.
const store = InvokeStore.getInstanceAsync(true);

/** Runs one handler call as one invocation, with the request id the Lambda runtime would give it. */
export async function asInvocation<T>(requestId: string, call: () => Promise<T>): Promise<T> {
  return (await store).run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: requestId }, call);
}
