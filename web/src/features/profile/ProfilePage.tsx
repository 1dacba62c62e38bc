import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Card, Flex } from '@aws-amplify/ui-react';
import { PageTitle } from '../../components/PageTitle';
import { useAuth } from '../../app/auth';
import { meQuery } from '../../api/queries';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';

export default function ProfilePage() {
  usePageTitle('Your Profile');
  const auth = useAuth();
  const signedIn = auth.currentUser !== null && !auth.claimsError;
  const me = useQuery({ ...meQuery(), enabled: signedIn });
  const created = me.isPending
    ? 'Loading...'
    : me.data?.createdAt
      ? formatDateTime(me.data.createdAt)
      : 'Not available';

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
            <dd>{created}</dd>
            <dt>Last Sign-In</dt>
            <dd>{auth.authTime ? formatDateTime(auth.authTime * 1000) : 'Not available'}</dd>
          </dl>
        </Card>
      )}
    </Flex>
  );
}
