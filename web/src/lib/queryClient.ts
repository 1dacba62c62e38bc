/**
 * The app's one QueryClient. Cached reads show at once when a page is visited again and are
 * refreshed behind it after 30 s; only failures a second try can cure are retried (no answer, the
 * service busy or throttled, the server's time limit), never a refusal such as 401, 403 or 404.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './apiError';
import { LINKS_EXPIRED } from './photoLinks';

// resource-exhausted: a throttle's 429 (docs/limits.md); a read tried again a second later usually passes.
const RETRYABLE = new Set(['unavailable', 'deadline-exceeded', 'resource-exhausted']);

/** getMe's key (api/queries.ts), kept apart so the app shell does not load the query layer. */
const ME = 'getMe';
/** meQuery()'s whole key, for the shell's readers of the account as the directory's gate read it. */
export const ME_KEY = [ME, {}] as const;

/** At most one refresh of the photos' links in this long, however many photos found theirs dead. */
const LINK_REFRESH_MS = 10_000;

export function createQueryClient(): QueryClient {
  // A refusal may mean the account changed (admin right removed, its member deleted): the account
  // is read again, and the pages that depend on it (the directory's gate) follow.
  const onError = (error: unknown, key?: readonly unknown[]) => {
    if (isApiError(error) && error.code === 'permission-denied' && key?.[0] !== ME)
      void client.invalidateQueries({ queryKey: [ME] });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onError(error) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => failures < 2 && isApiError(error) && RETRYABLE.has(error.code),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  // A photo whose link died before it loaded (a page open for minutes, an image scrolled to late:
  // links live minutes, lambdas/photos/photo-links.ts): the pages shown read again, for new links.
  let refreshed = -Infinity;
  window.addEventListener(LINKS_EXPIRED, () => {
    if (performance.now() - refreshed < LINK_REFRESH_MS) return;
    refreshed = performance.now();
    void client.invalidateQueries({ type: 'active' });
  });
  return client;
}
