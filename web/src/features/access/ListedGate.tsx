/**
 * The directory's pages for an account its church lists. The API refuses every directory read of
 * an account that is not an administrator and no longer linked to a member; this gate turns that
 * into one clear page instead of an error on each. Until the answer about the account is there,
 * the page shows as usual (no wait for anyone the church lists). The super-admin belongs to no
 * church's directory: their home is the organisations they look after.
 */
import { lazy } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router-dom';
import { meQuery } from '../../api/queries';
import { mayReadDirectory, useAuth } from '../../lib/auth';
import { useIsSuperAdmin } from '../../lib/superAdmin';

/** Rarely shown: its own chunk, so the directory's pages do not carry it (or the UI library it uses). */
const NotListedPage = lazy(() => import('./NotListedPage').then((m) => ({ default: m.NotListedPage })));

export default function ListedGate() {
  const auth = useAuth();
  const superAdmin = useIsSuperAdmin();
  const me = useQuery({ ...meQuery(), enabled: mayReadDirectory(auth) || superAdmin });
  const outside = me.data && (me.data.orgId === '' || me.data.listed === false);
  if (outside && me.data!.superAdmin) return <Navigate to="/admin/org" replace />;
  if (outside && me.data!.orgId !== '') return <NotListedPage />;
  return <Outlet />;
}
