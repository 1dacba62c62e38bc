/**
 * Starts the walk that keeps the offline copy (walk.ts) for an account its church lists, once a
 * page of the directory has read the account: a few seconds after, so the page's own reads go
 * first, and again when the network comes back. Renders nothing.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { amplifyAuth } from '../lib/amplifyAuth';
import type { MeResult } from '@contract/api';
import { useAuth } from '../lib/auth';
import { ME_KEY } from '../lib/queryClient';
import { browserOffline } from './status';

/** How long after the app opens the walk starts. */
export const WALK_DELAY_MS = 2_000;

async function walk(userId: string, signal: AbortSignal) {
  if (browserOffline()) return;
  const session = await (await amplifyAuth()).fetchAuthSession();
  const claims = session.tokens?.idToken?.payload;
  if (!claims || signal.aborted) return;
  const { walkDirectory } = await import('./walk');
  await walkDirectory(userId, claims as Record<string, unknown>, signal);
}

export function OfflineCopy() {
  const auth = useAuth();
  // The account as the directory's gate read it (features/access): this asks nothing of its own.
  // (By its key: the app shell does not load the query layer.)
  const me = useQuery<MeResult>({ queryKey: ME_KEY, enabled: false });
  const userId = me.data?.listed ? auth.currentUser?.userId : undefined;
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    const start = () =>
      void walk(userId, controller.signal).catch((error: unknown) => {
        // Cut short (offline again, signed out): the next visit walks again.
        if (!controller.signal.aborted) console.warn('The offline copy of the directory was not finished.', error);
      });
    const timer = setTimeout(start, WALK_DELAY_MS);
    window.addEventListener('online', start);
    return () => {
      controller.abort();
      clearTimeout(timer);
      window.removeEventListener('online', start);
    };
  }, [userId]);
  return null;
}
