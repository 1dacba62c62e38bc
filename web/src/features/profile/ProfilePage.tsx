import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Card, Flex, Heading } from '@aws-amplify/ui-react';
import { PageTitle } from '../../components/PageTitle';
import { PageLoader } from '../../components/PageLoader';
import { WhatOthersSee } from '../../components/WhatOthersSee';
import { useAuth } from '../../lib/auth';
import { useIsSuperAdmin } from '../../lib/superAdmin';
import { OPERATOR_TOTP_REASON } from './operatorTotp';
import { TwoStepSignIn } from './TwoStepSignIn';
import { familyQuery, meQuery } from '../../api/queries';
import { familyPrivacyPath } from '../../lib/paths';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';
import styles from './ProfilePage.module.css';

/** The account's role: the super-admin looks after the organisations, and may also run a church. */
const roleName = (admin: boolean, superAdmin: boolean) =>
  superAdmin
    ? admin
      ? 'Administrator and Super Administrator'
      : 'Super Administrator'
    : admin
      ? 'Administrator'
      : 'Member';

export default function ProfilePage() {
  usePageTitle('Your Profile');
  const auth = useAuth();
  const signedIn = auth.currentUser !== null && !auth.claimsError;
  const superAdmin = useIsSuperAdmin();
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
          <dl className={styles.details}>
            <dt>Email</dt>
            <dd>{auth.email}</dd>
            <dt>User ID</dt>
            <dd className="mono">{auth.currentUser?.userId}</dd>
            <dt>Email Verified</dt>
            <dd>{auth.emailVerified ? 'Yes' : 'No'}</dd>
            <dt>Role</dt>
            <dd>{roleName(auth.isAdmin, superAdmin)}</dd>
            <dt>Account Created</dt>
            <dd>{created}</dd>
            <dt>Last Sign-In</dt>
            <dd>{auth.authTime ? formatDateTime(auth.authTime * 1000) : 'Not available'}</dd>
          </dl>
        </Card>
      )}
      {auth.currentUser && (
        <TwoStepSignIn email={auth.email} required={superAdmin ? OPERATOR_TOTP_REASON : undefined} />
      )}
      {me.data?.familyId && <OwnFamilyPrivacy familyId={me.data.familyId} />}
    </Flex>
  );
}

/** The member's own family as the rest of the church sees it, and where to change that. */
function OwnFamilyPrivacy({ familyId }: { familyId: string }) {
  const { data, isPending } = useQuery(familyQuery(familyId));
  return (
    <section aria-labelledby="profile-privacy">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={2} id="profile-privacy" className="section-title">
          What others see
        </Heading>
        <RouterLink className="button-link" to={familyPrivacyPath(familyId)}>
          Choose who sees your details
        </RouterLink>
      </Flex>
      {isPending && <PageLoader text="Loading your family..." />}
      {data && <WhatOthersSee family={data.family} />}
    </section>
  );
}
