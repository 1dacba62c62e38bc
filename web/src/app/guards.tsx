import { lazy } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { useAuth } from './auth';

const VerifyEmailGate = lazy(() => import('../features/auth/VerifyEmailGate'));
const NotFoundPage = lazy(() => import('../features/info/NotFoundPage'));

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
