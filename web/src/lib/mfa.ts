/**
 * Whether the signed-in account has two-step sign-in (TOTP) on, as Cognito says (GetUser): the
 * super-admin's pages send an account without it to My Profile (the API refuses them anyway).
 * Kept a minute; My Profile's switch refreshes it. Amplify's code comes through amplifyAuth, never
 * in the first load.
 */
import { amplifyAuth } from './amplifyAuth';

export const totpOnQuery = () => ({
  queryKey: ['totpOn'] as const,
  queryFn: async () => (await (await amplifyAuth()).fetchMFAPreference()).enabled?.includes('TOTP') ?? false,
  staleTime: 60_000,
});
