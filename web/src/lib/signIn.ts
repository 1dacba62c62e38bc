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
