import { signIn, signOut } from 'aws-amplify/auth';
import { authErrorName } from './authErrors';
import { getConfig } from './config';

/** Signs in by the flow the runtime config names: SRP in AWS, password auth against the local pool. */
export async function signInWithPassword(username: string, password: string) {
  const authFlowType = getConfig().signInFlow;
  const attempt = () => signIn({ username, password, options: { authFlowType } });
  try {
    return await attempt();
  } catch (error) {
    // A stale session from an earlier visit blocks a new sign-in: drop it and try once more.
    if (authErrorName(error) !== 'UserAlreadyAuthenticatedException') throw error;
    await signOut();
    return attempt();
  }
}

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const INVALID_EMAIL = 'Please enter a valid email address.';
export const LOGIN_FAILED = 'Failed to log in. Please try again.';

/** What a failed sign-in says. */
export function loginErrorText(error: unknown): string {
  const name = authErrorName(error);
  // Cognito answers a wrong password with NotAuthorizedException; cognito-local with
  // InvalidPasswordException. On a sign-in both mean the same to the user.
  if (name === 'NotAuthorizedException' || name === 'UserNotFoundException' || name === 'InvalidPasswordException') {
    return INVALID_CREDENTIALS;
  }
  if (name === 'InvalidParameterException' && /email|username/i.test(String((error as Error).message)))
    return INVALID_EMAIL;
  return LOGIN_FAILED;
}
