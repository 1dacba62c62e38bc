import { Link as RouterLink } from 'react-router-dom';
import { Card, Flex, Text } from '@aws-amplify/ui-react';
import { PageTitle } from '../../components/PageTitle';
import { usePageTitle } from '../../lib/usePageTitle';

/** What an admin page shows instead of itself: Access Denied (not an admin) or Configuration Error (no organisation). */
export default function AdminAccess({
  kind,
  text,
}: {
  kind: 'denied' | 'no-org';
  /** A page's own Access Denied text. */ text?: string;
}) {
  const denied = kind === 'denied';
  usePageTitle(denied ? 'Access Denied' : 'Configuration Error');
  return (
    <Flex justifyContent="center" className="page page--narrow">
      <Card variation="elevated" className="form-card access-card" role={denied ? undefined : 'alert'}>
        <PageTitle>{denied ? 'Access Denied' : 'Configuration Error'}</PageTitle>
        <Text marginBottom="large">
          {denied
            ? (text ?? 'You do not have permission to view this page.')
            : 'Your account is not linked to an organization, so there are no users to manage. Please sign out and in again, or contact support.'}
        </Text>
        <RouterLink className="button-link button-link--primary" to="/dashboard">
          Go to Dashboard
        </RouterLink>
      </Card>
    </Flex>
  );
}
