/**
 * Who is signed in, read from the Cognito ID token. Claims can be up to an hour stale; the API
 * re-checks what matters (admin, organisation) on every call, so these values only shape the UI.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { amplifyAuth } from './amplifyAuth';
import { forgetAllLinks } from './photoLinks';
import { browserOffline } from '../offline/status';

export interface AuthUser {
  userId: string;
  email: string;
}

export interface AuthState {
  currentUser: AuthUser | null;
  isAdmin: boolean;
  userOrgId: string;
  userMidClaim: string;
  userFidClaim: string;
  emailVerified: boolean;
  email: string;
  /** The ID token's auth_time (seconds since the epoch): when the user last signed in. */
  authTime: number | null;
  /** Signed in, but the token's claims could not be read. */
  claimsError: boolean;
  loadingAuth: boolean;
}

export interface AuthContextValue extends AuthState {
  /** Re-read the session; force=true asks Cognito for fresh tokens (new claims). */
  refresh(force?: boolean): Promise<void>;
  signOut(): Promise<void>;
}

const SIGNED_OUT: AuthState = {
  currentUser: null,
  isAdmin: false,
  userOrgId: '',
  userMidClaim: '',
  userFidClaim: '',
  emailVerified: false,
  email: '',
  authTime: null,
  claimsError: false,
  loadingAuth: false,
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Claims of a decoded ID token payload (exported for tests and for pages that read a fresh token). */
export function stateFromClaims(payload: Record<string, unknown>): AuthState {
  const orgId = text(payload['custom:orgId']);
  if (!orgId) console.warn('Signed-in user has no organisation claim (custom:orgId) yet.');
  const email = text(payload.email);
  return {
    currentUser: { userId: text(payload.sub), email },
    isAdmin: payload['custom:admin'] === 'true',
    userOrgId: orgId,
    userMidClaim: text(payload['custom:memberId']),
    userFidClaim: text(payload['custom:familyId']),
    // Cognito sends a boolean; some stand-ins send the text "true".
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    email,
    authTime: typeof payload.auth_time === 'number' ? payload.auth_time : null,
    claimsError: false,
    loadingAuth: false,
  };
}

export async function readAuthState(force: boolean): Promise<AuthState> {
  try {
    const { fetchAuthSession } = await amplifyAuth();
    const session = await fetchAuthSession(force ? { forceRefresh: true } : undefined);
    const payload = session.tokens?.idToken?.payload;
    if (!payload) return SIGNED_OUT;
    return stateFromClaims(payload as Record<string, unknown>);
  } catch (error) {
    // The session exists but its tokens could not be read or refreshed: keep the user, drop the
    // claims, unless there is no network to refresh them by and the offline copy of this account's
    // directory kept them (the pages' shape; the copy answers the reads).
    try {
      const user = await (await amplifyAuth()).getCurrentUser();
      const kept = browserOffline() ? await (await import('../offline/db')).claimsKeptFor(user.userId) : null;
      if (kept) return stateFromClaims(kept);
      console.warn('Could not read the sign-in claims.', error);
      return {
        ...SIGNED_OUT,
        currentUser: { userId: user.userId, email: user.signInDetails?.loginId ?? user.username },
        email: user.signInDetails?.loginId ?? '',
        claimsError: true,
      };
    } catch {
      return SIGNED_OUT;
    }
  }
}

/** Signed in, verified, in a church: what every directory read needs before it is worth asking. */
export const mayReadDirectory = (state: AuthState) =>
  state.currentUser !== null && state.emailVerified && state.userOrgId !== '';

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ ...SIGNED_OUT, loadingAuth: true });
  const signedInRef = useRef(false);
  /** undefined until the first answer: the data prefetched for the first page is that account's. */
  const userRef = useRef<string | null | undefined>(undefined);
  const sequence = useRef(0);
  const client = useQueryClient();

  const apply = useCallback(
    (next: AuthState) => {
      signedInRef.current = next.currentUser !== null;
      // Cached answers belong to the account that asked: none of them survives a change of account,
      // nor do the photo links it loaded (which photos it looked at).
      const userId = next.currentUser?.userId ?? null;
      if (userRef.current !== undefined && userId !== userRef.current) {
        client.clear();
        forgetAllLinks();
        void import('../offline/db').then((db) => db.wipeOfflineDirectory());
      }
      userRef.current = userId;
      setState(next);
    },
    [client],
  );

  const refresh = useCallback(
    async (force = false) => {
      const mine = ++sequence.current;
      const next = await readAuthState(force);
      if (mine === sequence.current) apply(next);
    },
    [apply],
  );

  const signOut = useCallback(async () => {
    sequence.current++;
    try {
      await (await amplifyAuth()).signOut();
    } catch (error) {
      console.warn('Sign-out did not complete cleanly; local session cleared.', error);
    }
    apply(SIGNED_OUT);
  }, [apply]);

  useEffect(() => {
    void refresh(false);
    // Sign-in flows call refresh() themselves once the account is ready, so 'signedIn' is not
    // followed here: reacting to it would redirect away mid-way through account setup.
    let stopListening: (() => void) | null = null;
    let unmounted = false;
    void amplifyAuth().then(({ Hub }) => {
      if (unmounted) return;
      stopListening = Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signedOut') {
          sequence.current++;
          apply(SIGNED_OUT);
        } else if (
          (payload.event === 'tokenRefresh' || payload.event === 'tokenRefresh_failure') &&
          signedInRef.current
        ) {
          void refresh(false);
        }
      });
    });
    return () => {
      unmounted = true;
      stopListening?.();
    };
  }, [refresh, apply]);

  const value = useMemo<AuthContextValue>(() => ({ ...state, refresh, signOut }), [state, refresh, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}
