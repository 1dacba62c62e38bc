import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Card, Flex, Grid, Heading, Text } from '@aws-amplify/ui-react';
import { PageTitle } from '../../components/PageTitle';
import type { MeResult } from '../../../../lambdas/contract/api';
import { useAuth } from '../../app/auth';
import { Icon, type IconName } from '../../components/Icon';
import { PageLoader } from '../../components/PageLoader';
import { StatusMessage } from '../../components/StatusMessage';
import { callApi, isApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/usePageTitle';

/** SPEC.md section 8, data load. */
export function dashboardErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'unauthenticated') return 'Authentication error during data fetch. Please refresh or log in again.';
    return error.message || 'Failed to load dashboard data.';
  }
  return 'Failed to load dashboard data.';
}

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; me: MeResult };

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const { isAdmin } = useAuth();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    callApi('getMe', { signal: controller.signal })
      .then((me) => setLoad({ state: 'ready', me }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'error', message: dashboardErrorText(error) });
      });
    return () => controller.abort();
  }, []);

  const links: { to: string; icon: IconName; title: string; text: string }[] = [
    { to: '/families', icon: 'family', title: 'Families', text: 'Browse the families and members of your church.' },
    { to: '/groups', icon: 'group', title: 'Groups', text: 'See who serves where, and the groups you belong to.' },
    { to: '/profile', icon: 'person', title: 'My Profile', text: 'Your account details.' },
    ...(isAdmin || (load.state === 'ready' && load.me.admin)
      ? [{ to: '/admin/users', icon: 'lock' as const, title: 'User Management', text: 'Grant or remove admin rights, and share the sign-up link.' }]
      : []),
  ];

  return (
    <Flex direction="column" gap="large" className="page">
      <PageTitle>Dashboard</PageTitle>
      {load.state === 'loading' && <PageLoader text="Loading Dashboard Data..." />}
      {load.state === 'error' && <StatusMessage status={{ kind: 'error', text: load.message }} />}
      {load.state === 'ready' && (
        <>
          <Card variation="outlined" className="welcome-card">
            <Heading level={2}>Welcome to the {load.me.orgName || 'church'} directory</Heading>
            <Text marginTop="xs">
              Signed in as {load.me.email}
              {load.me.admin ? ' (administrator)' : ''}.
            </Text>
          </Card>
          <Grid as="ul" className="tile-grid">
            {links.map((l) => (
              <li key={l.to}>
                <RouterLink className="tile" to={l.to}>
                  <span className="tile__icon">
                    <Icon name={l.icon} size={28} />
                  </span>
                  <span className="tile__title">{l.title}</span>
                  <span className="tile__text">{l.text}</span>
                </RouterLink>
              </li>
            ))}
          </Grid>
        </>
      )}
    </Flex>
  );
}
