/**
 * The runtime configuration (/config.json, written by CDK or the local gateway). Loaded once at
 * start-up so that one build serves every stage; nothing stage-specific is baked into the bundle.
 */
import type { WebConfig } from '../../../lib/settings';

let current: WebConfig | null = null;

export function getConfig(): WebConfig {
  if (!current) throw new Error('The app configuration has not been loaded yet.');
  return current;
}

/** Tests and start-up set it; nothing else should. */
export function setConfig(config: WebConfig): void {
  current = config;
}

export async function loadConfig(url = '/config.json'): Promise<WebConfig> {
  // The HTTP cache's default: index.html's preload of it is then this very response, and both
  // servers send it with no-cache, so it is revalidated on every load.
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load ${url} (HTTP ${response.status}).`);
  const raw = (await response.json()) as Partial<WebConfig>;
  if (!raw.userPoolId || !raw.userPoolClientId) throw new Error(`${url} lacks userPoolId or userPoolClientId.`);
  return {
    region: raw.region ?? '',
    userPoolId: raw.userPoolId,
    userPoolClientId: raw.userPoolClientId,
    // SRP unless the config says otherwise (the local pool's says USER_PASSWORD_AUTH).
    signInFlow: raw.signInFlow === 'USER_PASSWORD_AUTH' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH',
    apiBase: (raw.apiBase ?? '').replace(/\/+$/, ''),
    ...(raw.userPoolEndpoint ? { userPoolEndpoint: raw.userPoolEndpoint } : {}),
    ...(raw.mailboxUrl ? { mailboxUrl: raw.mailboxUrl } : {}),
    ...(raw.superAdminEmail ? { superAdminEmail: raw.superAdminEmail } : {}),
    ...(raw.photosOrigin ? { photosOrigin: raw.photosOrigin } : {}),
  };
}

let configured = false;

/** Amplify is configured exactly once per page load (its code is not part of the first load). */
export async function configureAmplify(config: WebConfig): Promise<void> {
  setConfig(config);
  if (configured) return;
  configured = true;
  const { Amplify } = await import('aws-amplify');
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}
