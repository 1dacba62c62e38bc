import { lazy } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { useAuth } from '../lib/auth';
import { useIsSuperAdmin } from '../lib/superAdmin';
import { totpOnQuery } from '../lib/mfa';

const VerifyEmailGate = lazy(() => import('../features/auth/VerifyEmailGate'));
const NotFoundPage = lazy(() => import('../features/info/NotFoundPage'));
const AdminAccess = lazy(() => import('../features/admin/AdminAccess'));

/** Signed-in users, with a verified e-mail. */
export function ProtectedRoute() {
  const { loadingAuth, currentUser, emailVerified, claimsError } = useAuth();
  if (loadingAuth) return <PageLoader text="Checking authentication..." />;
  if (!currentUser) return <Navigate to="/" replace />;
  // Unreadable claims say nothing about verification: let the page show its own error.
  if (!emailVerified && !claimsError) return <VerifyEmailGate />;
  return <Outlet />;
}

/** Landing, sign-in and reset: a signed-in user goes straight to the dashboard. */
export function PublicOnlyRoute() {
  const { currentUser } = useAuth();
  if (currentUser) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** Unknown paths: signed-in users land on the dashboard, everyone else sees 404. */
export function UnknownRoute() {
  const { currentUser } = useAuth();
  if (currentUser) return <Navigate to="/dashboard" replace />;
  return <NotFoundPage />;
}

/**
 * Admin pages: 'Verifying access...' while the session loads, /login when signed out, Access Denied
 * without the admin claim, Configuration Error without an organisation. The claim only shapes the
 * screen: the API checks the user record on every call.
 */
export function AdminRoute({
  pageChecksOrg = false,
  signedOutTo = '/login',
}: {
  pageChecksOrg?: boolean;
  /** The directory's add forms are protected pages, which send a signed-out visitor to /. */
  signedOutTo?: string;
}) {
  const { loadingAuth, currentUser, emailVerified, claimsError, isAdmin, userOrgId } = useAuth();
  if (loadingAuth) return <PageLoader text="Verifying access..." />;
  if (!currentUser) return <Navigate to={signedOutTo} replace />;
  if (!emailVerified && !claimsError) return <VerifyEmailGate />;
  if (!isAdmin) return <AdminAccess kind="denied" />;
  // The add forms (pageChecksOrg) say their own message on submit when the organisation is missing.
  if (!userOrgId && !pageChecksOrg) return <AdminAccess kind="no-org" />;
  return <Outlet />;
}

/**
 * The super-admin's pages: like the admin pages ('Verifying access...', /login when signed out),
 * then Access Denied with the page's own text unless the verified e-mail is the configured
 * super-admin address; a super-admin without two-step sign-in goes to My Profile to turn it on
 * (which says why), since the API refuses these pages until it is on.
 */
export function SuperAdminRoute({ deniedText }: { deniedText: string }) {
  const { loadingAuth, currentUser, emailVerified, claimsError } = useAuth();
  const superAdmin = useIsSuperAdmin();
  if (loadingAuth) return <PageLoader text="Verifying access..." />;
  if (!currentUser) return <Navigate to="/login" replace />;
  if (!emailVerified && !claimsError) return <VerifyEmailGate />;
  if (!superAdmin) return <AdminAccess kind="denied" text={deniedText} />;
  return <OperatorTotpGate />;
}

function OperatorTotpGate() {
  const totpOn = useQuery(totpOnQuery());
  if (totpOn.isPending) return <PageLoader text="Verifying access..." />;
  // Unreadable (offline): the page opens, and the API's own refusal says what to do.
  if (totpOn.data === false) return <Navigate to="/profile" replace />;
  return <Outlet />;
}
