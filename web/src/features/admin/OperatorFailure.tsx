import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Flex } from '@aws-amplify/ui-react';
import { OPERATOR_SIGN_IN_AGAIN } from '@contract/mfa';
import { StatusMessage } from '../../components/StatusMessage';
import { useAuth } from '../../lib/auth';

/**
 * An operator page's failure. When the API refused the sign-in because it did not answer the
 * authenticator code (its words, OPERATOR_SIGN_IN_AGAIN, are the text), Log in again signs out and
 * opens the sign-in page, where the code is asked.
 */
export function OperatorFailure({ text }: { text: string }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  async function logInAgain() {
    setLeaving(true);
    await auth.signOut();
    navigate('/login', { replace: true });
  }

  return (
    <>
      <StatusMessage status={{ kind: 'error', text }} />
      {text === OPERATOR_SIGN_IN_AGAIN && (
        <Flex marginTop="small">
          <Button
            variation="primary"
            onClick={() => void logInAgain()}
            isLoading={leaving}
            loadingText="Logging out..."
          >
            Log in again
          </Button>
        </Flex>
      )}
    </>
  );
}
