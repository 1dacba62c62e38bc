/** The Cognito client, created once per container (see ddb.ts). */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

export const cognito = new CognitoIdentityProviderClient({});
