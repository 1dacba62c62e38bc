import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Card, Flex } from '@aws-amplify/ui-react';
import { PageTitle } from '../../components/PageTitle';
import { useAuth } from '../../app/auth';
import { callApi } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';

type Created = { state: 'loading' } | { state: 'ready'; value: string } | { state: 'unavailable' };

export default function ProfilePage() {
  usePageTitle('Your Profile');
  const auth = useAuth();
  const [created, setCreated] = useState<Created>({ state: 'loading' });
  const signedIn = auth.currentUser !== null && !auth.claimsError;

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    callApi('getMe', { signal: controller.signal })
      .then((me) =>
        setCreated(me.createdAt ? { state: 'ready', value: formatDateTime(me.createdAt) } : { state: 'unavailable' }),
      )
      .catch(() => {
        if (!controller.signal.aborted) setCreated({ state: 'unavailable' });
      });
    return () => controller.abort();
  }, [signedIn]);

  const problem = !auth.currentUser
    ? 'No user is currently logged in.'
    : auth.claimsError
      ? 'Could not load user permissions (claims). Please try refreshing.'
      : null;

  return (
    <Flex direction="column" gap="large" className="page page--medium">
      <PageTitle>Your Profile</PageTitle>
      {problem ? (
        <Flex direction="column" gap="medium" alignItems="flex-start">
          <Alert variation="error" role="alert">
            {problem}
          </Alert>
          <RouterLink className="button-link button-link--primary" to="/login">
            Go to Login
          </RouterLink>
        </Flex>
      ) : (
        <Card variation="outlined">
          <dl className="details">
            <dt>Email</dt>
            <dd>{auth.email}</dd>
            <dt>User ID</dt>
            <dd className="mono">{auth.currentUser?.userId}</dd>
            <dt>Email Verified</dt>
            <dd>{auth.emailVerified ? 'Yes' : 'No'}</dd>
            <dt>Role</dt>
            <dd>{auth.isAdmin ? 'Administrator' : 'Member'}</dd>
            <dt>Account Created</dt>
            <dd>
              {created.state === 'loading' ? 'Loading...' : created.state === 'ready' ? created.value : 'Not available'}
            </dd>
            <dt>Last Sign-In</dt>
            <dd>{auth.authTime ? formatDateTime(auth.authTime * 1000) : 'Not available'}</dd>
          </dl>
        </Card>
      )}
    </Flex>
  );
}
