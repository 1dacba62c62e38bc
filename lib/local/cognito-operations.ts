/**
 * Which Cognito operations the local proxy (the browser's userPoolEndpoint) lets through, and how
 * it refuses the others. Real Cognito serves a browser only its public and token-authorised
 * operations; every other one needs an IAM signature, which a browser has none of. The handlers
 * never come this way: they call cognito-local directly (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER).
 */
import * as sdk from '@aws-sdk/client-cognito-identity-provider';
import { type CognitoAnswer, cognitoError } from './cognito-answer';

export const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * What the SPA calls (aws-amplify/auth v6, as web/src uses it): signIn with USER_PASSWORD_AUTH
 * (InitiateAuth), fetchAuthSession's refresh (GetTokensFromRefreshToken), signOut (RevokeToken),
 * resetPassword and confirmResetPassword, sendUserAttributeVerificationCode and confirmUserAttribute;
 * two-step sign-in: confirmSignIn with a TOTP code (RespondToAuthChallenge), setUpTOTP
 * (AssociateSoftwareToken), verifyTOTPSetup (VerifySoftwareToken), updateMFAPreference
 * (SetUserMFAPreference) and fetchMFAPreference (GetUser).
 */
export const SPA_OPERATIONS = [
  'InitiateAuth',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
  'RespondToAuthChallenge',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
] as const;

/**
 * The other self-service operations Cognito answers for any holder of an access token, whether
 * our SPA calls them or not: an attacker in AWS can, so local tests must be able to try them
 * (the write-attribute filter applies to the two that write attributes).
 */
export const TOKEN_OPERATIONS = [
  'GetUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'ChangePassword',
  'GlobalSignOut',
  'DeleteUser',
] as const;

const allowed = new Set<string>([...SPA_OPERATIONS, ...TOKEN_OPERATIONS]);

/** Every operation of the Cognito user pools API, named by the SDK's commands. */
const known = new Set(
  Object.keys(sdk)
    .filter((name) => /^[A-Z]\w*Command$/.test(name) && name !== 'Command')
    .map((name) => name.slice(0, -'Command'.length)),
);

export type Classified = { operation: string } | { refusal: CognitoAnswer };

/**
 * The operation an `X-Amz-Target` names, if the browser may call it; otherwise Cognito's answer.
 * The target must be exactly prefix + operation: cognito-local reads only what follows the first
 * dot, so `UpdateUserAttributes.x` would otherwise reach it as UpdateUserAttributes.
 */
export function classify(target: string | undefined, signed: boolean): Classified {
  const operation = target?.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
  if (allowed.has(operation)) return { operation };
  if (operation === 'SignUp') {
    // The deployed pool has self sign-up off (lib/auth.ts): accounts are made by the API.
    return { refusal: cognitoError('NotAuthorizedException', 'SignUp is not permitted for this user pool') };
  }
  if (!known.has(operation)) return { refusal: cognitoError('UnknownOperationException', null) };
  // An IAM operation: unsigned, AWS says the token is missing; signed, no local IAM identity can
  // match the signature (the server side reaches cognito-local directly, never through here).
  return {
    refusal: signed
      ? cognitoError('UnrecognizedClientException', 'The security token included in the request is invalid.')
      : cognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token'),
  };
}
