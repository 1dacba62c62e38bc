/**
 * For processes started by one that runs the local stack (test workers): they inherit its
 * AWS_LAMBDA_MAX_CONCURRENCY (lib/local/invocation.ts) but have no invocation store, and call
 * handlers one at a time. Empty means unset to Powertools: its state is plain module state again.
 */
export const SINGLE_INVOCATION_ENV = { AWS_LAMBDA_MAX_CONCURRENCY: '' };
