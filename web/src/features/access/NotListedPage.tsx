import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Button, Card, Flex, Text } from '@aws-amplify/ui-react';
import { NOT_LISTED, NOT_LISTED_TITLE, STILL_NOT_LISTED } from '@contract/listing';
import { useApiMutation } from '../../api/queries';
import { useAuth } from '../../lib/auth';
import { useIsSuperAdmin } from '../../lib/superAdmin';
import { PageTitle } from '../../components/PageTitle';
import { StatusMessage, type Status } from '../../components/StatusMessage';
import { usePageTitle } from '../../lib/usePageTitle';
import { wipeOfflineDirectory } from '../../offline/db';

/**
 * What an account its church no longer lists sees instead of the directory: why, and what to do.
 * "Check again" links the account to the member holding its e-mail, once the church has added
 * them back, and takes a fresh token; the gate then shows the page asked for.
 */
export function NotListedPage() {
  usePageTitle(NOT_LISTED_TITLE);
  const auth = useAuth();
  const operator = useIsSuperAdmin();
  const navigate = useNavigate();
  const link = useApiMutation('addClaimCreds');
  const [status, setStatus] = useState<Status | null>(null);
  // The church no longer lists this account: its offline copy of the directory goes.
  useEffect(() => void wipeOfflineDirectory(), []);

  async function checkAgain() {
    setStatus(null);
    try {
      const result = await link.mutateAsync({});
      if (result.linked) await auth.refresh(true);
      else setStatus({ kind: 'info', text: STILL_NOT_LISTED });
    } catch {
      setStatus({ kind: 'error', text: 'Could not check just now. Please try again in a moment.' });
    }
  }

  async function logOut() {
    await auth.signOut();
    navigate('/', { replace: true });
  }

  return (
    <Flex justifyContent="center" className="page page--narrow">
      <Card variation="elevated" className="form-card access-card">
        <PageTitle>{NOT_LISTED_TITLE}</PageTitle>
        <Text marginBottom="medium">{NOT_LISTED}</Text>
        <Text marginBottom="medium">
          You are signed in as <strong>{auth.email}</strong>. Once your administrator has added you back, choose Check
          again.
        </Text>
        {operator && (
          <Text marginBottom="medium">
            As the directory’s operator, <RouterLink to="/admin/data-audit">Data Audit</RouterLink> and{' '}
            <RouterLink to="/admin/org">Organizations</RouterLink> stay open to you.
          </Text>
        )}
        <StatusMessage status={status} />
        <Flex gap="small" wrap="wrap" marginTop="medium">
          <Button
            variation="primary"
            onClick={() => void checkAgain()}
            isLoading={link.isPending}
            loadingText="Checking..."
          >
            Check again
          </Button>
          <Button onClick={() => void logOut()}>Log out</Button>
        </Flex>
      </Card>
    </Flex>
  );
}
