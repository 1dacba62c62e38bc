import { Link as RouterLink, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Flex, Text } from '@aws-amplify/ui-react';
import { checkSignupForm, SIGNUP_LINK_UNKNOWN } from '@contract/auth';
import { organizationNameQuery } from '../../api/queries';
import { StatusMessage } from '../../components/StatusMessage';
import { callApi, isApiError } from '../../lib/api';
import { fromCheck } from '../../lib/form';
import { AccountCreationForm } from './AccountCreationForm';
import { NewAccountFields } from './NewAccountFields';
import authStyles from './authPages.module.css';

const EMPTY = { email: '', fullName: '', password: '', confirmPassword: '' };

/**
 * With the church's sign-up link, the church it names: shown once its name arrives (the form does
 * not wait for it); a link that names no church shows what to do instead of the form.
 */
function useLinkedChurch(orgId: string | undefined) {
  // The route's loader asked already (app/routes.tsx): its answer, a refusal too, is the page's.
  const church = useQuery({ ...organizationNameQuery(orgId ?? ''), enabled: Boolean(orgId), retryOnMount: false });
  return {
    name: church.data?.orgName ?? null,
    unknown: isApiError(church.error) && church.error.code === 'not-found',
  };
}

function Joining({ orgId, name }: { orgId: string | undefined; name: string | null }) {
  if (!orgId) return null;
  if (name === null) return <>You are joining through your church’s sign-up link. </>;
  return (
    <>
      You are joining <strong>{name}</strong>.{' '}
    </>
  );
}

export default function CreateAccountPage() {
  const { orgId } = useParams();
  const church = useLinkedChurch(orgId);
  return (
    <AccountCreationForm
      titles={{ tab: 'Join Your Church Directory', heading: 'Join Your Church Directory' }}
      initial={EMPTY}
      check={(fields) => fromCheck(checkSignupForm(fields, orgId ?? null))}
      password={(value) => ({ password: value.password, field: 'password' })}
      create={(value) => ({
        call: () => callApi('newUser', { body: value }),
        credentials: { email: value.email, password: value.password },
        failed: 'signup',
        pending: { kind: 'join', orgId: value.orgId },
      })}
      refusal={
        church.unknown ? (
          <>
            <StatusMessage status={{ kind: 'warning', text: SIGNUP_LINK_UNKNOWN }} />
            <Text className="muted" marginTop="medium">
              If your church has your email address on file, you can also{' '}
              <RouterLink to="/create-account">sign up without a link</RouterLink>.
            </Text>
          </>
        ) : undefined
      }
      submit={{ idle: 'Create Account', busy: 'Creating Account...' }}
      footer={
        <>
          <Text className={authStyles.cardFooterLinks}>
            Already have an account? <RouterLink to="/login">Log in</RouterLink>
          </Text>
          <Text className={authStyles.cardFooterLinks}>
            Setting up a new church? <RouterLink to="/register-organization">Register your church</RouterLink>
          </Text>
        </>
      }
    >
      {({ field }) => (
        <>
          <Text className="muted" marginBottom="medium">
            <Joining orgId={orgId} name={church.name} />
            Use the email address your church has on file for you.
          </Text>
          <Flex direction="column" gap="medium" marginBottom="medium">
            <NewAccountFields
              field={field}
              keys={{ name: 'fullName', email: 'email', password: 'password', confirm: 'confirmPassword' }}
              emailFirst
            />
          </Flex>
        </>
      )}
    </AccountCreationForm>
  );
}
