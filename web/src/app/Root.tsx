import { PageLoader } from '../components/PageLoader';
import { useAuth } from '../lib/auth';
import { Layout } from './Layout';

/** Nothing but the loader renders before the first answer about the session. */
export function Root() {
  const { loadingAuth } = useAuth();
  if (loadingAuth) return <PageLoader text="Loading Application..." fullPage />;
  return <Layout />;
}
