/**
 * What the Cognito, SES, Step Functions and S3 clients share (they replace calls that had the same
 * limit): an answer that has not come within 10 s is a failure (named TimeoutError, answered 503
 * like any unreachable service), so a hung connection cannot eat the API's 29 s; the SDK's own
 * retries (three attempts, backoff) apply to it as to any transient error.
 *
 * Each client is created once at module scope and marked `/* @__PURE__ *\/`, so the bundle of a
 * handler that never sends through it leaves the client (and its SDK package) out; its options
 * are plain values for the same reason (esbuild keeps a construction whose arguments might have
 * side effects, such as a property read).
 */
export const REQUEST_HANDLER = { requestTimeout: 10_000, connectionTimeout: 3_000 };
