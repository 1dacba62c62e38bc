/** What the sign-up and registration pages show once the account is made (or not): their hook's texts and the way to log in. */
import { Text } from '@aws-amplify/ui-react';
import { Link as RouterLink } from 'react-router-dom';
import { StatusMessage } from '../../components/StatusMessage';
import type { useAccountCreation } from './useAccountCreation';

type Creation = Pick<ReturnType<typeof useAccountCreation>, 'done' | 'status' | 'followUp' | 'showLoginLink'>;

export function CreationOutcome({ done, status, followUp, showLoginLink }: Creation) {
  return (
    <>
      {done && <StatusMessage status={status} />}
      {done && <StatusMessage status={followUp} />}
      {showLoginLink && (
        <Text marginTop="medium">
          <RouterLink className="button-link button-link--primary" to="/login">
            Go to Login
          </RouterLink>
        </Text>
      )}
    </>
  );
}
