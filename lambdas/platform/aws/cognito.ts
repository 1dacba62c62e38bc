/**
 * The Cognito user pool client, created once per container (see ddb.ts); the endpoint comes from
 * AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER when set (the local stack's cognito-local).
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { REQUEST_HANDLER } from './client-options';
import { env } from '../env';

export const cognito = /* @__PURE__ */ new CognitoIdentityProviderClient({ requestHandler: REQUEST_HANDLER });

/** Our one pool: every admin call names it. */
export const userPoolId = () => env('USER_POOL_ID');
