/**
 * The super-admin gate, as the screens see it: the signed-in, verified e-mail equals the configured
 * address (config.json), case-insensitively. It only decides what to show: the API checks the same
 * rule on every call of the super-admin's routes.
 */
import { getConfig } from './config';
import { useAuth } from './auth';

export function isSuperAdminEmail(email: string, verified: boolean, configured: string | undefined): boolean {
  const expected = (configured ?? '').trim().toLowerCase();
  return expected !== '' && verified && email.trim().toLowerCase() === expected;
}

export function useIsSuperAdmin(): boolean {
  const { email, emailVerified, currentUser } = useAuth();
  if (!currentUser) return false;
  let configured: string | undefined;
  try {
    configured = getConfig().superAdminEmail;
  } catch {
    return false;
  }
  return isSuperAdminEmail(email || currentUser.email, emailVerified, configured);
}
