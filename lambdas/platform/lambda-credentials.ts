/**
 * Stands in for @aws-sdk/credential-provider-node in Lambda bundles (lib/bundling.ts aliases it).
 * A Lambda's execution-role credentials are always in its environment, so the full chain (SSO,
 * STS, ini files, instance metadata) is dead weight: about 80 KB of every bundle.
 */
export { fromEnv as defaultProvider } from '@aws-sdk/credential-provider-env';
