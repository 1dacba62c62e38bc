/**
 * Stands in for @aws-sdk/credential-provider-node in Lambda bundles (lib/bundling.ts aliases it):
 * the SDK's own environment provider instead of the whole default chain. A Lambda's
 * execution-role credentials are always in its environment, the chain's first link, so the rest
 * (SSO, STS, ini files, instance metadata) never runs there; but its code is in every bundle
 * (~130 KB) and is parsed at every cold start, ~9 ms of a handler's import (median of 15,
 * measured on the bench machine), which is what the cold-start budget counts.
 */
export { fromEnv as defaultProvider } from '@aws-sdk/credential-provider-env';
