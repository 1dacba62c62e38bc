import { lazy } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { useAuth } from './auth';
import { useIsSuperAdmin } from './superAdmin';

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
export function AdminRoute({ pageChecksOrg = false }: { pageChecksOrg?: boolean }) {
  const { loadingAuth, currentUser, emailVerified, claimsError, isAdmin, userOrgId } = useAuth();
  if (loadingAuth) return <PageLoader text="Verifying access..." />;
  if (!currentUser) return <Navigate to="/login" replace />;
  if (!emailVerified && !claimsError) return <VerifyEmailGate />;
  if (!isAdmin) return <AdminAccess kind="denied" />;
  // The add forms (pageChecksOrg) say their own message on submit when the organisation is missing.
  if (!userOrgId && !pageChecksOrg) return <AdminAccess kind="no-org" />;
  return <Outlet />;
}

/**
 * The super-admin's pages: like the admin pages ('Verifying access...', /login when signed out),
 * then Access Denied with the page's own text unless the verified e-mail is the configured
 * super-admin address.
 */
export function SuperAdminRoute({ deniedText }: { deniedText: string }) {
  const { loadingAuth, currentUser, emailVerified, claimsError } = useAuth();
  const superAdmin = useIsSuperAdmin();
  if (loadingAuth) return <PageLoader text="Verifying access..." />;
  if (!currentUser) return <Navigate to="/login" replace />;
  if (!emailVerified && !claimsError) return <VerifyEmailGate />;
  if (!superAdmin) return <AdminAccess kind="denied" text={deniedText} />;
  return <Outlet />;
}
