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

/** The last config loaded, for starting with no network (the installed app opened offline). */
const REMEMBERED = 'churchDirectory.config';

function remembered(storage?: Storage): Partial<WebConfig> | null {
  try {
    return JSON.parse((storage ?? window.localStorage).getItem(REMEMBERED) ?? 'null') as Partial<WebConfig> | null;
  } catch {
    return null;
  }
}

function remember(raw: Partial<WebConfig>, storage?: Storage) {
  try {
    (storage ?? window.localStorage).setItem(REMEMBERED, JSON.stringify(raw));
  } catch {
    // No storage (a private window's settings): the app needs the network to start.
  }
}

/**
 * The config of the server, else (no network at all) the one remembered from the last start: a
 * changed deployment is picked up on the first start with a network. The service worker keeps a
 * copy too (web/pwa.ts), but only of a load it controlled: the first visit's is not.
 */
async function fetchConfig(url: string, storage?: Storage): Promise<Partial<WebConfig>> {
  let response: Response;
  try {
    // The HTTP cache's default: index.html's preload of it is then this very response, and both
    // servers send it with no-cache, so it is revalidated on every load.
    response = await fetch(url);
  } catch (error) {
    const kept = remembered(storage);
    if (kept) return kept;
    throw error;
  }
  if (!response.ok) throw new Error(`Could not load ${url} (HTTP ${response.status}).`);
  const raw = (await response.json()) as Partial<WebConfig>;
  remember(raw, storage);
  return raw;
}

export async function loadConfig(url = '/config.json', storage?: Storage): Promise<WebConfig> {
  const raw = await fetchConfig(url, storage);
  if (!raw.userPoolId || !raw.userPoolClientId) throw new Error(`${url} lacks userPoolId or userPoolClientId.`);
  return {
    region: raw.region ?? '',
    userPoolId: raw.userPoolId,
    userPoolClientId: raw.userPoolClientId,
    // SRP unless the config says otherwise (the local pool's says USER_PASSWORD_AUTH).
    signInFlow: raw.signInFlow === 'USER_PASSWORD_AUTH' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH',
    apiBase: (raw.apiBase ?? '').replace(/\/+$/, ''),
    // Only the map page draws with it: without one that page lists the families and says the map
    // cannot be drawn, and the rest of the app starts as before (a config remembered offline from
    // before the map has none).
    mapStyle: typeof raw.mapStyle === 'string' ? raw.mapStyle : '',
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
