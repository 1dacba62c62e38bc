/**
 * The app's one QueryClient. Cached reads show at once when a page is visited again and are
 * refreshed behind it after 30 s; only failures a second try can cure are retried (no answer, the
 * service busy, the server's time limit), never a refusal such as 401, 403 or 404.
 */
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './apiError';

const RETRYABLE = new Set(['unavailable', 'deadline-exceeded']);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => failures < 2 && isApiError(error) && RETRYABLE.has(error.code),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
